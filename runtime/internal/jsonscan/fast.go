package jsonscan

// ValueByte returns the first byte of the next value when it is at hand:
// at the scanner's position or after one space, as encoders write a value
// after ':' and ','; else 0, and NextByte finds it. It is NextByte's fast
// path, small enough to be inlined where a caller looks at every member's
// value before reading it. Call it when the scan has not failed (Err is
// nil), as NextByte returns 0 then.
func (s *Scanner) ValueByte() byte {
	if s.pos < len(s.data) {
		c := s.data[s.pos]
		if c > ' ' {
			return c
		}
		if c == ' ' && s.pos+1 < len(s.data) && s.data[s.pos+1] > ' ' {
			s.pos++
			return s.data[s.pos]
		}
	}
	return 0
}

// SeenFirst returns which of the declared members 0 to 63 of the open
// object Member has marked, a bit each (bit i: member i): Has, inlined,
// for a caller that asks of several.
func (s *Scanner) SeenFirst() uint64 {
	if s.depth == 0 {
		return 0
	}
	return s.top.seen
}
