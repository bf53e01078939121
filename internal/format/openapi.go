package format

// The formats of the OpenAPI Format Registry that tool schemas use and whose
// meaning is a check: int32, int64 (on numbers) and byte (on strings).
// float, double, binary and password are annotations there: no checker.

// Int32 reports whether f is an integer a signed 32-bit integer holds:
// -2147483648 to 2147483647, with no fractional part (3.0 is one).
func Int32(f float64) bool {
	return f == float64(int64(f)) && -1<<31 <= f && f <= 1<<31-1
}

// Int64 reports whether f is an integer a signed 64-bit integer holds,
// as a float64 tells: from -2^63 up to but not including 2^63, with no
// fractional part. A JSON number decoded to float64 as 9223372036854775807
// becomes 2^63, which is out of range.
func Int64(f float64) bool {
	return -1<<63 <= f && f < 1<<63 && f == float64(int64(f))
}

// Byte reports whether s is base64 as RFC 4648 section 4 defines it, the
// encoding of OpenAPI's byte format: the standard alphabet, padded with "="
// to a multiple of four characters, no line breaks or other characters;
// the empty string encodes no bytes.
func Byte(s string) bool {
	if len(s)%4 != 0 {
		return false
	}
	pad := 0
	if n := len(s); n > 0 && s[n-1] == '=' {
		pad = 1
		if s[n-2] == '=' {
			pad = 2
		}
	}
	body := s[:len(s)-pad]
	for i := 0; i < len(body); i++ {
		if base64Value[body[i]] == 0xff {
			return false
		}
	}
	// The bits after the last encoded byte must be zero, as a strict
	// decoder requires: one byte leaves four, two bytes leave two.
	switch pad {
	case 1:
		return base64Value[body[len(body)-1]]&0x3 == 0
	case 2:
		return base64Value[body[len(body)-1]]&0xf == 0
	}
	return true
}

// base64Value is the value of each byte in the standard base64 alphabet,
// 0xff for the others.
var base64Value = func() (t [256]uint8) {
	for i := range t {
		t[i] = 0xff
	}
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
	for i := 0; i < len(alphabet); i++ {
		t[alphabet[i]] = uint8(i)
	}
	return t
}()
