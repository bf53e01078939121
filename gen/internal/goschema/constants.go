package goschema

import (
	"encoding/json"
	"go/constant"
	"go/token"
	"go/types"
	"sort"
	"strconv"
	"unicode/utf8"

	"github.com/toolgen-go/toolgen/gen/internal/ir"
)

// typedConst is a typed constant of a named type: its name and JSON value.
type typedConst struct {
	name  string
	value any // a string, or a json.Number
}

// constants lists the typed constants of a named string or integer type
// declared in its package, in declaration order, each value once: toolgen's
// enums from Go constants.
func (b *schemaBuilder) constants(t *types.Named) []typedConst {
	pkg := t.Obj().Pkg()
	if pkg == nil {
		return nil
	}
	type declared struct {
		pos token.Position
		typedConst
	}
	var consts []declared
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		c, ok := scope.Lookup(name).(*types.Const)
		if !ok || !types.Identical(c.Type(), t) {
			continue
		}
		var value any = json.Number(c.Val().ExactString())
		if c.Val().Kind() == constant.String {
			s := constantString(c)
			if !utf8.ValidString(s) {
				b.errs.Add(b.pos(c.Pos()), "constant %s of %s is not valid UTF-8: JSON cannot carry it as an enum value", c.Name(), t.Obj().Name())
				continue
			}
			value = s
		}
		consts = append(consts, declared{b.pos(c.Pos()), typedConst{name, value}})
	}
	sort.SliceStable(consts, func(i, j int) bool { return ir.Before(consts[i].pos, consts[j].pos) })
	var out []typedConst
	seen := map[any]bool{}
	for _, c := range consts {
		if !seen[c.value] {
			seen[c.value] = true
			out = append(out, c.typedConst)
		}
	}
	return out
}

func constantString(c *types.Const) string {
	s, _ := strconv.Unquote(c.Val().ExactString())
	return s
}
