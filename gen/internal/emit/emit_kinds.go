package emit

import "github.com/dave/jennifer/jen"

// The checks of each kind of value are emitted by the file of its rule
// family: emit_strings.go, emit_numbers.go, emit_arrays.go and
// emit_objects.go. This file holds what they share.

// rule is a keyword check of one value: when cond holds, report.
type rule struct {
	cond, report jen.Code
}

// chain emits the rules of one value location as an if-else chain, so that
// at most one error is reported per location.
func chain(pre []jen.Code, rules []rule) []jen.Code {
	if len(rules) == 0 {
		return nil
	}
	stmt := jen.If(rules[0].cond).Block(rules[0].report)
	for _, r := range rules[1:] {
		stmt = stmt.Else().If(r.cond).Block(r.report)
	}
	return append(pre, stmt)
}
