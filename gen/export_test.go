package gen

// CompileSchemaDecide is CompileSchema with a validator that only decides,
// through the match functions: the conformance test runs every suite
// schema both ways.
func CompileSchemaDecide(data []byte, pkg, fn, source string, opts Options) ([]byte, error) {
	src, _, err := compileSchemaFile(data, pkg, fn, source, opts, true, nil)
	return src, err
}

// Camel makes an exported Go identifier of a name, as toolgen does of tool
// names: get_weather -> GetWeather.
var Camel = camel
