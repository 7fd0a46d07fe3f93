// RuaDocuments
