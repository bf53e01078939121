// Package doccheck holds the test that keeps README.md and the guides under
// docs/ true: each Go snippet is the text of a region of code the tests
// compile and run, and each relative link and #anchor resolves.
//
// A ```go block is preceded by a marker naming its source:
//
//	<!-- snippet: examples/robot/main.go#set -->
//
// is the region of that file between the lines "// snippet:set" and
// "// endsnippet", less their common indentation (go test
// ./internal/doccheck -update rewrites the blocks from the regions);
//
//	<!-- snippet: examples/weather/tools_gen.go excerpt -->
//
// is an excerpt: its lines are the file's, less the indentation of the
// line the first one matches, consecutive but where a line
// "..." (indented or not, perhaps followed by a comment, and the blank
// lines after it) skips some, and a
// line ending in "..." stands for a line that begins with the text before it;
//
//	<!-- snippet: internal/cmd/release/published_test.go runs this block -->
//
// is a block that test file reads from the document and compiles and runs
// itself.
package doccheck
