package format

// UUID reports whether s is a UUID in the string representation of RFC 4122
// section 3 (RFC 9562 section 4): 32 hexadecimal digits, either case, in
// groups of 8-4-4-4-12 separated by hyphens, as in
// "2eb8aa08-aa98-11ea-b4aa-73b441d16380". Any version and variant nibble is
// accepted, the nil UUID included; braces, "urn:uuid:" and missing hyphens
// are not.
func UUID(s string) bool {
	if len(s) != 36 || s[8] != '-' || s[13] != '-' || s[18] != '-' || s[23] != '-' {
		return false
	}
	bad := uint8(0) // 1 once a non-hex byte is seen where a digit belongs
	for i := 0; i < 36; i++ {
		if i == 8 || i == 13 || i == 18 || i == 23 {
			continue
		}
		bad |= notHex[s[i]]
	}
	return bad == 0
}

// notHex is 1 for the bytes that are not ASCII hexadecimal digits.
var notHex = func() (t [256]uint8) {
	for i := range t {
		if !isHex(byte(i)) {
			t[i] = 1
		}
	}
	return t
}()
