package emit

import (
	"bytes"
	"fmt"
	"go/scanner"
	"go/token"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/dave/jennifer/jen"

	"github.com/toolgen-go/toolgen/gen/internal/jsonschema"
)

// render renders a generated file as a person would have written it:
// jennifer's output, with its comment lines wrapped (wrapComments) and its
// imports in goimports' groups (groupImports). Both are edits of the text
// jennifer has formatted, which leave it gofmt'd: cheaper than formatting
// the file once more.
func render(f *jen.File) ([]byte, error) {
	var b bytes.Buffer
	if err := f.Render(&b); err != nil {
		return nil, fmt.Errorf("rendering generated code: %w", err)
	}
	src, err := escapeDeceptive(b.Bytes())
	if err != nil {
		return nil, err
	}
	return groupImports(wrapComments(src)), nil
}

// escapeDeceptive is the one rule for text in generated source: no
// jsonschema.Deceptive rune raw, wherever the text came from (a doc
// comment, a tag, a constant, a schema file), so that the source shows what
// it does (no Trojan-source display). A comment spells such a rune as \u202e;
// a raw string literal holding one is written as an interpreted literal,
// which escapes it and keeps the value; an interpreted literal escapes it.
func escapeDeceptive(src []byte) ([]byte, error) {
	if !bytes.ContainsFunc(src, jsonschema.Deceptive) {
		return src, nil
	}
	out := editTokens(src, func(off int, tok token.Token, lit string) (int, string, bool) {
		if (tok != token.COMMENT && tok != token.STRING && tok != token.CHAR) || !strings.ContainsFunc(lit, jsonschema.Deceptive) ||
			string(src[off:off+len(lit)]) != lit { // (a raw string the scanner dropped a carriage return of: left to the check below)
			return 0, "", false
		}
		if tok == token.STRING && lit[0] == '`' {
			return off, strconv.Quote(lit[1 : len(lit)-1]), true
		}
		return off, spellDeceptive(lit), true
	})
	if i := bytes.IndexFunc(out, jsonschema.Deceptive); i >= 0 {
		r, _ := utf8.DecodeRune(out[i:])
		return nil, fmt.Errorf("rendering generated code: U+%04X outside a comment or string literal", r)
	}
	return out, nil
}

// editTokens scans src (comments included) and replaces what edit says of
// each token: from the offset it returns to the token's end, with text.
func editTokens(src []byte, edit func(off int, tok token.Token, lit string) (from int, text string, ok bool)) []byte {
	fset := token.NewFileSet()
	file := fset.AddFile("", -1, len(src))
	var s scanner.Scanner
	s.Init(file, src, nil, scanner.ScanComments)
	var out bytes.Buffer
	last, edited := 0, false
	for {
		pos, tok, lit := s.Scan()
		if tok == token.EOF {
			break
		}
		off := file.Offset(pos)
		from, text, ok := edit(off, tok, lit)
		if !ok {
			continue
		}
		out.Write(src[last:from])
		out.WriteString(text)
		last, edited = off+len(lit), true
	}
	if !edited {
		return src
	}
	out.Write(src[last:])
	return out.Bytes()
}

// spellDeceptive writes each jsonschema.Deceptive rune of a comment or an
// interpreted literal as its escape, \u202e: in a literal it stands for the
// rune, in a comment it shows it.
func spellDeceptive(text string) string {
	var b strings.Builder
	for _, r := range text {
		if jsonschema.Deceptive(r) {
			fmt.Fprintf(&b, `\u%04x`, r)
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// commentWidth is the column a comment line of generated code stops at, a
// tab counting 4.
const commentWidth = 100

// wrapComments wraps the line comments that stand on their own line and
// run past commentWidth, at single spaces: a paragraph of a doc comment
// stays the same paragraph, and an item of a list ("  - ") the same item,
// its continuation lines indented as gofmt indents them. Other indented
// comment lines (code blocks), directives and comments after code are left
// as they are.
func wrapComments(src []byte) []byte {
	return editTokens(src, func(off int, tok token.Token, lit string) (int, string, bool) {
		if tok != token.COMMENT || !strings.HasPrefix(lit, "// ") {
			return 0, "", false
		}
		start := bytes.LastIndexByte(src[:off], '\n') + 1
		indent := string(src[start:off])
		if strings.Trim(indent, "\t") != "" {
			return 0, "", false // after code
		}
		wrapped, ok := wrapLine(indent, lit[len("// "):])
		return start, wrapped, ok
	})
}

// wrapLine wraps the text of one comment line, after "// ", indented by
// indent's tabs; false when it fits or is not a paragraph's or a list
// item's line.
func wrapLine(indent, text string) (string, bool) {
	width := commentWidth - 4*len(indent) - len("// ")
	if utf8.RuneCountInString(text) <= width {
		return "", false
	}
	cont := ""
	switch {
	case strings.HasPrefix(text, "  - "):
		cont = "    "
	case strings.HasPrefix(text, " "), strings.HasPrefix(text, "\t"), strings.HasPrefix(text, "go:"):
		return "", false
	}
	var b strings.Builder
	line, n := 0, 0 // the start of the current line in text, and its width
	breakAt := -1   // the last space of the current line to break at
	for i, r := range text {
		if r == ' ' && i > 0 && text[i-1] != ' ' && i+1 < len(text) && text[i+1] != ' ' && (cont == "" || i > len("  -")) {
			breakAt = i
		}
		n++
		limit := width
		if line > 0 {
			limit -= len(cont)
		}
		if n > limit && breakAt > line {
			b.WriteString(indent + "// " + prefix(line, cont) + text[line:breakAt] + "\n")
			line = breakAt + 1
			n = utf8.RuneCountInString(text[line : i+1])
			breakAt = -1
		}
	}
	if line == 0 {
		return "", false
	}
	b.WriteString(indent + "// " + prefix(line, cont) + text[line:])
	return b.String(), true
}

func prefix(line int, cont string) string {
	if line == 0 {
		return ""
	}
	return cont
}

// groupImports puts the standard library's imports of jennifer's one
// import block before the others, a blank line between, as goimports
// groups them.
func groupImports(src []byte) []byte {
	open := bytes.Index(src, []byte("\nimport (\n"))
	if open < 0 {
		return src
	}
	body := open + len("\nimport (\n")
	end := bytes.Index(src[body:], []byte("\n)\n"))
	if end < 0 {
		return src
	}
	var std, other []string
	for _, line := range strings.Split(string(src[body:body+end]), "\n") {
		quote := strings.IndexByte(line, '"')
		path, err := strconv.Unquote(strings.TrimSpace(line[max(quote, 0):]))
		if quote < 0 || err != nil {
			return src // not jennifer's block of one import a line
		}
		if first, _, _ := strings.Cut(path, "/"); strings.Contains(first, ".") {
			other = append(other, line)
		} else {
			std = append(std, line)
		}
	}
	if len(std) == 0 || len(other) == 0 {
		return src
	}
	var b bytes.Buffer
	b.Write(src[:body])
	b.WriteString(strings.Join(std, "\n") + "\n\n" + strings.Join(other, "\n"))
	b.Write(src[body+end:])
	return b.Bytes()
}
