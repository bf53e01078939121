package format

// names lists the string formats Check knows, sorted.
var names = [...]string{
	"byte",
	"date",
	"date-time",
	"duration",
	"email",
	"hostname",
	"ipv4",
	"ipv6",
	"json-pointer",
	"regex",
	"time",
	"uri",
	"uri-reference",
	"uri-template",
	"uuid",
}

// numberNames lists the number formats CheckNumber knows, sorted.
var numberNames = [...]string{"int32", "int64"}

// Names returns the names of the string formats this package checks,
// sorted. The slice is the caller's: changing it changes nothing here.
func Names() []string {
	out := make([]string, len(names))
	copy(out, names[:])
	return out
}

// NumberNames returns the names of the number formats this package checks
// (int32, int64), sorted; the slice is the caller's.
func NumberNames() []string {
	out := make([]string, len(numberNames))
	copy(out, numberNames[:])
	return out
}

// CheckNumber runs the checker of the number format called name on f, as
// Check does for strings.
func CheckNumber(name string, f float64) (known, ok bool) {
	switch name {
	case "int32":
		return true, Int32(f)
	case "int64":
		return true, Int64(f)
	}
	return false, false
}

// Check runs the checker of the format called name on s. known is false,
// and ok with it, when the package has no checker for name; the name is
// matched exactly, as JSON Schema format names are case-sensitive.
func Check(name, s string) (known, ok bool) {
	switch name {
	case "byte":
		return true, Byte(s)
	case "date":
		return true, Date(s)
	case "date-time":
		return true, DateTime(s)
	case "duration":
		return true, Duration(s)
	case "email":
		return true, Email(s)
	case "hostname":
		return true, Hostname(s)
	case "ipv4":
		return true, IPv4(s)
	case "ipv6":
		return true, IPv6(s)
	case "json-pointer":
		return true, JSONPointer(s)
	case "regex":
		return true, Regex(s)
	case "time":
		return true, Time(s)
	case "uri":
		return true, URI(s)
	case "uri-reference":
		return true, URIReference(s)
	case "uri-template":
		return true, URITemplate(s)
	case "uuid":
		return true, UUID(s)
	}
	return false, false
}

// Checker returns the checker of the format called name, or nil when the
// package has none.
func Checker(name string) func(string) bool {
	switch name {
	case "byte":
		return Byte
	case "date":
		return Date
	case "date-time":
		return DateTime
	case "duration":
		return Duration
	case "email":
		return Email
	case "hostname":
		return Hostname
	case "ipv4":
		return IPv4
	case "ipv6":
		return IPv6
	case "json-pointer":
		return JSONPointer
	case "regex":
		return Regex
	case "time":
		return Time
	case "uri":
		return URI
	case "uri-reference":
		return URIReference
	case "uri-template":
		return URITemplate
	case "uuid":
		return UUID
	}
	return nil
}

// FuncName returns the name of the checker of the format called name in
// this package ("date-time" -> "DateTime", "int32" -> "Int32"), string or
// number format, for code generators; "" if the package has none.
func FuncName(name string) string {
	switch name {
	case "byte":
		return "Byte"
	case "int32":
		return "Int32"
	case "int64":
		return "Int64"
	case "date":
		return "Date"
	case "date-time":
		return "DateTime"
	case "duration":
		return "Duration"
	case "email":
		return "Email"
	case "hostname":
		return "Hostname"
	case "ipv4":
		return "IPv4"
	case "ipv6":
		return "IPv6"
	case "json-pointer":
		return "JSONPointer"
	case "regex":
		return "Regex"
	case "time":
		return "Time"
	case "uri":
		return "URI"
	case "uri-reference":
		return "URIReference"
	case "uri-template":
		return "URITemplate"
	case "uuid":
		return "UUID"
	}
	return ""
}

// isDigit reports whether c is an ASCII digit.
func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// isHex reports whether c is an ASCII hexadecimal digit.
func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// isAlpha reports whether c is an ASCII letter.
func isAlpha(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
