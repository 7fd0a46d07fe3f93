// RuaVisual
