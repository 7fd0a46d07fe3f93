// RuaStore
