package load

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/toolgen-go/toolgen/gen/internal/gotype"
	"github.com/toolgen-go/toolgen/gen/internal/ir"
)

// resultType resolves the type a result= option names: a struct type of
// the package, or an alias there of one of another package. A result that
// is not a struct (result=[]Order) is refused with the struct to declare
// instead (see wrapResult).
func resultType(pkg *types.Package, toolType, name string, pos token.Position, errs *ir.Errors) *types.TypeName {
	obj, _ := pkg.Scope().Lookup(name).(*types.TypeName)
	if obj == nil {
		if fix := wrapResult(toolType, name, false); fix != "" {
			errs.Add(pos, "result=%s: a tool's result is a JSON object (the root of MCP's outputSchema), and %s is not a struct: %s", name, name, fix)
			return nil
		}
		errs.Add(pos, "result=%s: the package declares no type %s; declare the result's struct type in the package (an alias, type %s = other.T, names one of another package)", name, name, name)
		return nil
	}
	named, _ := types.Unalias(obj.Type()).(*types.Named)
	if named == nil || named.TypeParams().Len() > 0 {
		errs.Add(pos, "result=%s: %s is not a named struct type; a tool's result is a JSON object (the root of MCP's outputSchema), so declare it as a struct", name, name)
		return nil
	}
	if _, ok := named.Underlying().(*types.Struct); !ok {
		errs.Add(pos, "result=%s: a tool's result is a JSON object (the root of MCP's outputSchema), and %s is not a struct type: %s", name, name, wrapResult(toolType, name, true))
		return nil
	}
	return obj
}

// wrapResult is the fix of a result= type that is no struct: the struct to
// declare, named for the tool's type, with one member that holds the
// type, and the option to write. For ListOrdersArgs and []Order:
//
//	declare type ListOrdersResult struct { Orders []Order `json:"orders"` } and write result=ListOrdersResult
//
// It is "" when name is no slice, array, map or pointer type, nor a type
// the package declares (declared: a typo, a type of another package, which
// an alias brings in, have other fixes).
func wrapResult(toolType, name string, declared bool) string {
	expr, err := parser.ParseExpr(name)
	if err != nil {
		return ""
	}
	var member string
	switch x := expr.(type) {
	case *ast.ArrayType:
		member = plural(elemName(x.Elt), "Items")
	case *ast.MapType:
		member = plural(elemName(x.Value), "Entries")
	case *ast.StarExpr:
		member = elemName(x.X)
	case *ast.Ident:
		if !declared {
			return ""
		}
		member = elemName(x) // a type of the package: Orders, Priority
	default:
		return ""
	}
	if member == "" {
		member = "Result"
	}
	wrapper := gotype.TrimToolSuffix(toolType) + "Result"
	return fmt.Sprintf("declare type %s struct { %s %s `json:\"%s\"` } and write result=%s", wrapper, member, name, gotype.SnakeCase(member), wrapper)
}

// elemName is the Go name of a named element type (Order, *Order,
// other.Order), upper case, or "".
func elemName(e ast.Expr) string {
	switch x := e.(type) {
	case *ast.StarExpr:
		return elemName(x.X)
	case *ast.SelectorExpr:
		return x.Sel.Name
	case *ast.Ident:
		if types.Universe.Lookup(x.Name) != nil {
			return "" // []string: no name to make a member's of
		}
		r, size := utf8.DecodeRuneInString(x.Name)
		return string(unicode.ToUpper(r)) + x.Name[size:]
	}
	return ""
}

// plural is the English plural of a name (Order: Orders, Address:
// Addresses, Category: Categories), or otherwise when name is "".
func plural(name, otherwise string) string {
	lower := strings.ToLower(name)
	switch {
	case name == "":
		return otherwise
	case strings.HasSuffix(lower, "s") || strings.HasSuffix(lower, "x") || strings.HasSuffix(lower, "z") ||
		strings.HasSuffix(lower, "ch") || strings.HasSuffix(lower, "sh"):
		return name + "es"
	case strings.HasSuffix(lower, "y") && len(lower) > 1 && !strings.ContainsRune("aeiou", rune(lower[len(lower)-2])):
		return name[:len(name)-1] + "ies"
	}
	return name + "s"
}
