package gen

// CompileSchemaDecide is CompileSchema with a validator that only decides,
// through the match functions: the conformance test runs every suite
// schema both ways.
func CompileSchemaDecide(data []byte, pkg, fn, source string, opts Options) ([]byte, error) {
	return compileSchemaFile(data, pkg, fn, source, opts, true, nil)
}
