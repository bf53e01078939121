package jsonvalue

// ListLen is listLen, for the tests of package jsonvalue_test.
var ListLen = listLen

// The named types of the tests, for package jsonvalue_test.
type (
	NamedKey   = namedKey
	NamedSlice = namedSlice
	NamedList  = namedList
)
