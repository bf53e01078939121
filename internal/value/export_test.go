package value

// ListLen is listLen, for the tests of package value_test.
var ListLen = listLen

// The named types of the tests, for package jsonvalue_test.
type (
	NamedKey   = namedKey
	NamedSlice = namedSlice
	NamedList  = namedList
)
