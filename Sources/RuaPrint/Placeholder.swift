// RuaPrint
