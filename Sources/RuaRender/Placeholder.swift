// RuaRender
