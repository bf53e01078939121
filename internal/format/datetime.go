package format

// DateTime reports whether s is an RFC 3339 date-time (section 5.6):
// full-date "T" full-time, as in "1985-04-12T23:20:50.52Z" or
// "1996-12-19T16:39:57-08:00".
//
// The date is checked as Date does. "T" and "Z" may be lower case (RFC 3339
// allows it); no other separator, such as a space, is accepted. The time is
// checked as Time does, leap second included: second 60 is accepted only when
// the time, converted to UTC with its offset, is 23:59, wherever in the year
// that falls.
func DateTime(s string) bool {
	return len(s) >= 20 && date(s[:10]) && (s[10] == 'T' || s[10] == 't') && fullTime(s[11:])
}

// Date reports whether s is an RFC 3339 full-date (section 5.6): a
// four-digit year, a two-digit month 01-12 and a two-digit day that exists in
// that month of the proleptic Gregorian calendar ("2020-02-29" but not
// "2021-02-29"), separated by hyphens, and nothing else.
func Date(s string) bool {
	return len(s) == 10 && date(s)
}

// Time reports whether s is an RFC 3339 full-time (section 5.6):
// hh:mm:ss, an optional fraction of a second (a dot and at least one digit,
// any number of them), then a time offset, "Z" (or "z") or +hh:mm or -hh:mm
// with hh 00-23 and mm 00-59. The offset is required. hh is 00-23, mm 00-59
// and ss 00-60, where 60 (a leap second) is valid only when the time
// converted to UTC is 23:59:60, as "23:59:60Z", "15:59:60-08:00" or
// "00:29:60-23:30" (the previous day's 23:59:60 UTC).
func Time(s string) bool {
	return fullTime(s)
}

// date checks a full-date; len(s) must be 10.
func date(s string) bool {
	if s[4] != '-' || s[7] != '-' {
		return false
	}
	y, ok := digits4(s[0], s[1], s[2], s[3])
	if !ok {
		return false
	}
	m, ok := digits2(s[5], s[6])
	if !ok || m < 1 || m > 12 {
		return false
	}
	d, ok := digits2(s[8], s[9])
	if !ok || d < 1 {
		return false
	}
	return d <= daysIn(m, y)
}

// daysIn returns the number of days of month m (1-12) in year y.
func daysIn(m, y int) int {
	switch m {
	case 2:
		if y%4 == 0 && (y%100 != 0 || y%400 == 0) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}

// fullTime checks partial-time time-offset.
func fullTime(s string) bool {
	if len(s) < 9 || s[2] != ':' || s[5] != ':' {
		return false
	}
	h, ok := digits2(s[0], s[1])
	if !ok || h > 23 {
		return false
	}
	m, ok := digits2(s[3], s[4])
	if !ok || m > 59 {
		return false
	}
	sec, ok := digits2(s[6], s[7])
	if !ok || sec > 60 {
		return false
	}
	i := 8
	if s[i] == '.' {
		i++
		start := i
		for i < len(s) && isDigit(s[i]) {
			i++
		}
		if i == start || i == len(s) {
			return false
		}
	}
	// time-offset: "Z" / time-numoffset.
	off := 0 // minutes east of UTC
	switch s[i] {
	case 'Z', 'z':
		if i+1 != len(s) {
			return false
		}
	case '+', '-':
		if len(s)-i != 6 || s[i+3] != ':' {
			return false
		}
		oh, ok := digits2(s[i+1], s[i+2])
		if !ok || oh > 23 {
			return false
		}
		om, ok := digits2(s[i+4], s[i+5])
		if !ok || om > 59 {
			return false
		}
		off = oh*60 + om
		if s[i] == '-' {
			off = -off
		}
	default:
		return false
	}
	if sec == 60 {
		// A leap second is the 61st second of 23:59 UTC.
		utc := ((h*60+m-off)%1440 + 1440) % 1440
		return utc == 23*60+59
	}
	return true
}

// digits2 returns the value of two ASCII digits.
func digits2(a, b byte) (int, bool) {
	if !isDigit(a) || !isDigit(b) {
		return 0, false
	}
	return int(a-'0')*10 + int(b-'0'), true
}

// digits4 returns the value of four ASCII digits.
func digits4(a, b, c, d byte) (int, bool) {
	hi, ok1 := digits2(a, b)
	lo, ok2 := digits2(c, d)
	return hi*100 + lo, ok1 && ok2
}
