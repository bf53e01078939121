package ecma

import (
	"regexp/syntax"
	"sort"
	"sync"
	"unicode"
)

// Property kinds of a \p{...} expression.
const (
	propNone      = iota
	propGC        // General_Category value
	propScript    // Script value
	propScriptExt // Script_Extensions value
	propBinary    // binary property
)

// binaryProperties maps the names and aliases of the binary Unicode
// properties ECMA-262 supports in \p{...} (table-binary-unicode-properties)
// to their long names.
var binaryProperties = map[string]string{
	"ASCII": "ASCII", "ASCII_Hex_Digit": "ASCII_Hex_Digit", "AHex": "ASCII_Hex_Digit",
	"Alphabetic": "Alphabetic", "Alpha": "Alphabetic", "Any": "Any", "Assigned": "Assigned",
	"Bidi_Control": "Bidi_Control", "Bidi_C": "Bidi_Control",
	"Bidi_Mirrored": "Bidi_Mirrored", "Bidi_M": "Bidi_Mirrored",
	"Case_Ignorable": "Case_Ignorable", "CI": "Case_Ignorable", "Cased": "Cased",
	"Changes_When_Casefolded": "Changes_When_Casefolded", "CWCF": "Changes_When_Casefolded",
	"Changes_When_Casemapped": "Changes_When_Casemapped", "CWCM": "Changes_When_Casemapped",
	"Changes_When_Lowercased": "Changes_When_Lowercased", "CWL": "Changes_When_Lowercased",
	"Changes_When_NFKC_Casefolded": "Changes_When_NFKC_Casefolded", "CWKCF": "Changes_When_NFKC_Casefolded",
	"Changes_When_Titlecased": "Changes_When_Titlecased", "CWT": "Changes_When_Titlecased",
	"Changes_When_Uppercased": "Changes_When_Uppercased", "CWU": "Changes_When_Uppercased",
	"Dash": "Dash", "Default_Ignorable_Code_Point": "Default_Ignorable_Code_Point", "DI": "Default_Ignorable_Code_Point",
	"Deprecated": "Deprecated", "Dep": "Deprecated", "Diacritic": "Diacritic", "Dia": "Diacritic",
	"Emoji": "Emoji", "Emoji_Component": "Emoji_Component", "EComp": "Emoji_Component",
	"Emoji_Modifier": "Emoji_Modifier", "EMod": "Emoji_Modifier",
	"Emoji_Modifier_Base": "Emoji_Modifier_Base", "EBase": "Emoji_Modifier_Base",
	"Emoji_Presentation": "Emoji_Presentation", "EPres": "Emoji_Presentation",
	"Extended_Pictographic": "Extended_Pictographic", "ExtPict": "Extended_Pictographic",
	"Extender": "Extender", "Ext": "Extender",
	"Grapheme_Base": "Grapheme_Base", "Gr_Base": "Grapheme_Base",
	"Grapheme_Extend": "Grapheme_Extend", "Gr_Ext": "Grapheme_Extend",
	"Hex_Digit": "Hex_Digit", "Hex": "Hex_Digit",
	"IDS_Binary_Operator": "IDS_Binary_Operator", "IDSB": "IDS_Binary_Operator",
	"IDS_Trinary_Operator": "IDS_Trinary_Operator", "IDST": "IDS_Trinary_Operator",
	"ID_Continue": "ID_Continue", "IDC": "ID_Continue", "ID_Start": "ID_Start", "IDS": "ID_Start",
	"Ideographic": "Ideographic", "Ideo": "Ideographic",
	"Join_Control": "Join_Control", "Join_C": "Join_Control",
	"Logical_Order_Exception": "Logical_Order_Exception", "LOE": "Logical_Order_Exception",
	"Lowercase": "Lowercase", "Lower": "Lowercase", "Math": "Math",
	"Noncharacter_Code_Point": "Noncharacter_Code_Point", "NChar": "Noncharacter_Code_Point",
	"Pattern_Syntax": "Pattern_Syntax", "Pat_Syn": "Pattern_Syntax",
	"Pattern_White_Space": "Pattern_White_Space", "Pat_WS": "Pattern_White_Space",
	"Quotation_Mark": "Quotation_Mark", "QMark": "Quotation_Mark", "Radical": "Radical",
	"Regional_Indicator": "Regional_Indicator", "RI": "Regional_Indicator",
	"Sentence_Terminal": "Sentence_Terminal", "STerm": "Sentence_Terminal",
	"Soft_Dotted": "Soft_Dotted", "SD": "Soft_Dotted",
	"Terminal_Punctuation": "Terminal_Punctuation", "Term": "Terminal_Punctuation",
	"Unified_Ideograph": "Unified_Ideograph", "UIdeo": "Unified_Ideograph",
	"Uppercase": "Uppercase", "Upper": "Uppercase",
	"Variation_Selector": "Variation_Selector", "VS": "Variation_Selector",
	"White_Space": "White_Space", "space": "White_Space",
	"XID_Continue": "XID_Continue", "XIDC": "XID_Continue", "XID_Start": "XID_Start", "XIDS": "XID_Start",
}

// lookupProperty resolves the inside of \p{...}: "Name=Value" when eq >= 0
// (the offset of "=" in expr), a lone name or value otherwise. canon is the
// General_Category short name, the Script long name or the binary
// property's long name. Names are matched exactly, as ECMA-262 requires.
func lookupProperty(expr string, eq int) (kind int, canon string) {
	if eq >= 0 {
		name, value := expr[:eq], expr[eq+1:]
		switch name {
		case "General_Category", "gc":
			if c := gcName(value); c != "" {
				return propGC, c
			}
		case "Script", "sc", "Script_Extensions", "scx":
			if c := scriptName(value); c != "" {
				if name == "Script_Extensions" || name == "scx" {
					return propScriptExt, c
				}
				return propScript, c
			}
		}
		return propNone, ""
	}
	if c := gcName(expr); c != "" {
		return propGC, c
	}
	if c, ok := binaryProperties[expr]; ok {
		return propBinary, c
	}
	return propNone, ""
}

// gcName returns the short name of a General_Category value or alias.
func gcName(v string) string {
	if _, ok := unicode.Categories[v]; ok {
		return v
	}
	return unicode.CategoryAliases[v]
}

// scriptName returns the long name of a Script value or alias.
func scriptName(v string) string {
	if _, ok := unicode.Scripts[v]; ok || v == "Unknown" {
		return v
	}
	return scriptAliases[v]
}

// rng is an inclusive range of code points.
type rng struct{ lo, hi rune }

// tableRanges returns the code points of t as sorted, merged ranges.
func tableRanges(t *unicode.RangeTable) []rng {
	var out []rng
	add := func(lo, hi, stride uint32) {
		if stride == 1 {
			out = append(out, rng{rune(lo), rune(hi)})
			return
		}
		for c := lo; c <= hi; c += stride {
			out = append(out, rng{rune(c), rune(c)})
		}
	}
	for _, r := range t.R16 {
		add(uint32(r.Lo), uint32(r.Hi), uint32(r.Stride))
	}
	for _, r := range t.R32 {
		add(r.Lo, r.Hi, r.Stride)
	}
	return normalize(out)
}

// normalize sorts and merges ranges.
func normalize(rs []rng) []rng {
	sort.Slice(rs, func(i, j int) bool { return rs[i].lo < rs[j].lo })
	var out []rng
	for _, r := range rs {
		if n := len(out); n > 0 && r.lo <= out[n-1].hi+1 {
			if r.hi > out[n-1].hi {
				out[n-1].hi = r.hi
			}
			continue
		}
		out = append(out, r)
	}
	return out
}

// union returns the union of range sets.
func union(sets ...[]rng) []rng {
	var all []rng
	for _, s := range sets {
		all = append(all, s...)
	}
	return normalize(all)
}

// complement returns the code points 0-10FFFF not in rs (normalized).
func complement(rs []rng) []rng {
	var out []rng
	next := rune(0)
	for _, r := range rs {
		if r.lo > next {
			out = append(out, rng{next, r.lo - 1})
		}
		next = r.hi + 1
	}
	if next <= unicode.MaxRune {
		out = append(out, rng{next, unicode.MaxRune})
	}
	return out
}

// minus returns a without the code points of b.
func minus(a, b []rng) []rng {
	return complement(union(complement(a), b))
}

// tables returns the union of unicode tables as ranges.
func tables(ts ...*unicode.RangeTable) []rng {
	var sets [][]rng
	for _, t := range ts {
		sets = append(sets, tableRanges(t))
	}
	return union(sets...)
}

// whiteSpace is ECMA-262's \s: WhiteSpace (TAB, VT, FF, ZWNBSP and the
// Space_Separator category) and LineTerminator (LF, CR, LS, PS).
func whiteSpace() []rng {
	return union([]rng{{'\t', '\r'}, {0x2028, 0x2029}, {0xFEFF, 0xFEFF}}, tableRanges(unicode.Zs))
}

// goProperty describes how to write an ECMA-262 property set in Go regexp
// syntax: by name, as \p{name}, when Go's parser knows that name and gives
// it the same meaning, otherwise as ranges. An empty name and nil ranges
// with a non-empty unsupported reason means Go cannot express it.
type goProperty struct {
	name        string
	ranges      []rng
	unsupported string
}

// propertyCache memoizes goPropertyFor: derived sets take milliseconds.
var propertyCache sync.Map // propertyKey -> goProperty

type propertyKey struct {
	kind  int
	canon string
}

// goPropertyFor resolves a property for translation. The ranges it returns
// are shared: callers must not modify them.
func goPropertyFor(kind int, canon string) goProperty {
	key := propertyKey{kind, canon}
	if gp, ok := propertyCache.Load(key); ok {
		return gp.(goProperty)
	}
	gp := computeGoProperty(kind, canon)
	propertyCache.Store(key, gp)
	return gp
}

// computeGoProperty resolves a property for translation.
func computeGoProperty(kind int, canon string) goProperty {
	switch kind {
	case propGC:
		return byName(canon, unicode.Categories[canon])
	case propScript:
		if canon == "Unknown" {
			var all []*unicode.RangeTable
			for _, t := range unicode.Scripts {
				all = append(all, t)
			}
			return goProperty{ranges: complement(tables(all...))}
		}
		return byName(canon, unicode.Scripts[canon])
	case propScriptExt:
		return goProperty{unsupported: "Script_Extensions: Go's unicode tables have no Script_Extensions data"}
	}
	switch canon {
	case "Any":
		return goProperty{name: "Any"}
	case "ASCII":
		return goProperty{ranges: []rng{{0, 0x7F}}}
	case "Assigned":
		return goProperty{ranges: complement(tableRanges(unicode.Cn))}
	case "Alphabetic":
		return goProperty{ranges: tables(unicode.Lu, unicode.Ll, unicode.Lt, unicode.Lm, unicode.Lo, unicode.Nl, unicode.Other_Alphabetic)}
	case "Lowercase":
		return goProperty{ranges: tables(unicode.Ll, unicode.Other_Lowercase)}
	case "Uppercase":
		return goProperty{ranges: tables(unicode.Lu, unicode.Other_Uppercase)}
	case "Cased":
		return goProperty{ranges: tables(unicode.Ll, unicode.Other_Lowercase, unicode.Lu, unicode.Other_Uppercase, unicode.Lt)}
	case "Math":
		return goProperty{ranges: tables(unicode.Sm, unicode.Other_Math)}
	case "ID_Start":
		return goProperty{ranges: idStart()}
	case "ID_Continue":
		return goProperty{ranges: idContinue()}
	case "Grapheme_Extend":
		return goProperty{ranges: tables(unicode.Mn, unicode.Me, unicode.Other_Grapheme_Extend)}
	case "Grapheme_Base":
		return goProperty{ranges: minus(complement(tables(unicode.Cc, unicode.Cf, unicode.Cs, unicode.Co, unicode.Cn, unicode.Zl, unicode.Zp)),
			tables(unicode.Mn, unicode.Me, unicode.Other_Grapheme_Extend))}
	}
	if t := unicode.Properties[canon]; t != nil {
		return goProperty{ranges: tableRanges(t)}
	}
	return goProperty{unsupported: canon + ": Go's unicode tables have no data for this property"}
}

// idStart is the derived property ID_Start (UAX #31).
func idStart() []rng {
	return minus(tables(unicode.Lu, unicode.Ll, unicode.Lt, unicode.Lm, unicode.Lo, unicode.Nl, unicode.Other_ID_Start),
		tables(unicode.Pattern_Syntax, unicode.Pattern_White_Space))
}

// idContinue is the derived property ID_Continue (UAX #31).
func idContinue() []rng {
	return minus(union(idStart(), tables(unicode.Mn, unicode.Mc, unicode.Nd, unicode.Pc, unicode.Other_ID_Continue)),
		tables(unicode.Pattern_Syntax, unicode.Pattern_White_Space))
}

// byName uses \p{name} when Go's regexp parser accepts it (Go 1.26 rejects
// script names with underscores, such as Old_Italic), ranges otherwise.
func byName(name string, t *unicode.RangeTable) goProperty {
	if _, err := syntax.Parse(`\p{`+name+`}`, syntax.Perl); err == nil {
		return goProperty{name: name}
	}
	return goProperty{ranges: tableRanges(t)}
}

// isIDStart reports whether r may start a group name: ID_Start, "$" or "_"
// (RegExpIdentifierStart).
func isIDStart(r rune) bool {
	if r == '$' || r == '_' {
		return true
	}
	if r < 0x80 {
		return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z'
	}
	return (unicode.IsLetter(r) || unicode.Is(unicode.Nl, r) || unicode.Is(unicode.Other_ID_Start, r)) &&
		!unicode.Is(unicode.Pattern_Syntax, r) && !unicode.Is(unicode.Pattern_White_Space, r)
}

// isIDPart reports whether r may continue a group name: ID_Continue, "$",
// ZWNJ or ZWJ (RegExpIdentifierPart).
func isIDPart(r rune) bool {
	if r == '$' || r == '_' || r == 0x200C || r == 0x200D {
		return true
	}
	if r < 0x80 {
		return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9'
	}
	if isIDStart(r) {
		return true
	}
	return (unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Mc, r) || unicode.Is(unicode.Nd, r) ||
		unicode.Is(unicode.Pc, r) || unicode.Is(unicode.Other_ID_Continue, r)) &&
		!unicode.Is(unicode.Pattern_Syntax, r) && !unicode.Is(unicode.Pattern_White_Space, r)
}
