package format

// Duration reports whether s is a duration as RFC 3339 appendix A defines
// it (ISO 8601 durations restricted to that grammar):
//
//	duration  = "P" (dur-date / dur-time / dur-week)
//	dur-date  = (dur-day / dur-month / dur-year) [dur-time]
//	dur-time  = "T" (dur-hour / dur-minute / dur-second)
//	dur-year  = 1*DIGIT "Y" [dur-month]    dur-month  = 1*DIGIT "M" [dur-day]
//	dur-day   = 1*DIGIT "D"                dur-week   = 1*DIGIT "W"
//	dur-hour  = 1*DIGIT "H" [dur-minute]   dur-minute = 1*DIGIT "M" [dur-second]
//	dur-second = 1*DIGIT "S"
//
// So components come in order without gaps ("P1Y2M", "P1M2D", "PT1H2M" but
// not "P1Y2D" or "PT1H2S"), weeks stand alone ("P2W" but not "P1Y2W"),
// there are no fractions ("PT0.5S"), signs or exponents, and numbers have
// any number of digits, leading zeros allowed. The designator letters may be
// lower case: ABNF strings are case-insensitive (RFC 5234 section 2.3), the
// rule that also lets RFC 3339 date-times use "t" and "z".
func Duration(s string) bool {
	if len(s) < 3 || s[0]|0x20 != 'p' {
		return false
	}
	i := 1
	if s[i]|0x20 != 't' {
		// dur-date or dur-week: the first unit decides.
		n := 0 // number of date components read
		var next byte
		for i < len(s) && s[i]|0x20 != 't' {
			start := i
			for i < len(s) && isDigit(s[i]) {
				i++
			}
			if i == start || i == len(s) {
				return false
			}
			u := s[i] | 0x20
			i++
			if u == 'w' {
				return n == 0 && i == len(s)
			}
			switch {
			case n == 0 && (u == 'y' || u == 'm' || u == 'd'):
			case n > 0 && u == next:
			default:
				return false
			}
			switch u {
			case 'y':
				next = 'm'
			case 'm':
				next = 'd'
			default:
				next = 0 // nothing follows days
			}
			n++
		}
		if i == len(s) {
			return true
		}
	}
	// dur-time, at s[i] == 'T' or 't'.
	i++
	if i == len(s) {
		return false
	}
	var next byte
	for n := 0; i < len(s); n++ {
		start := i
		for i < len(s) && isDigit(s[i]) {
			i++
		}
		if i == start || i == len(s) {
			return false
		}
		u := s[i] | 0x20
		i++
		switch {
		case n == 0 && (u == 'h' || u == 'm' || u == 's'):
		case n > 0 && u == next:
		default:
			return false
		}
		switch u {
		case 'h':
			next = 'm'
		case 'm':
			next = 's'
		default:
			next = 0
		}
	}
	return true
}
