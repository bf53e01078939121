package format

import "unicode"

// Hostname reports whether s is an Internet host name as RFC 1123 section
// 2.1 defines it, with the A-labels of IDNA2008 (RFC 5890-5893), which is
// what JSON Schema's "hostname" format asks for: dot-separated labels of 1
// to 63 ASCII letters, digits and hyphens, not starting or ending with a
// hyphen (a label may start with a digit), 253 characters at most, no
// trailing dot. Letters may be of either case. Labels with hyphens in their
// third and fourth positions ("ab--c") are accepted, as RFC 1123 does,
// except for A-labels. Non-ASCII host names are not hostnames; they are the
// "idn-hostname" format.
//
// A label starting with "xn--" (in any case) is an A-label and must be the
// Punycode (RFC 3492) encoding of a valid U-label: decodable, in canonical
// form (re-encoding gives the label back), not all ASCII, and made of code
// points that IDNA2008 derives as PVALID, or CONTEXTJ and CONTEXTO ones
// whose contextual rule holds (RFC 5892). The U-label must not have "--" in
// its third and fourth positions nor start with a combining mark (RFC 5891
// section 4.2.3), and must be in Normalization Form C (RFC 5891 section
// 5.3: "bu\u0308cher" is the NFD form of "bücher", so its A-label is
// invalid). A domain name with a right-to-left label must satisfy the Bidi
// rule (RFC 5893 section 2) in every label, so "1host.xn--4dbc" is invalid.
// The derived, normalization, joining and bidi properties come from the
// Unicode 14.0 data of idna_tables.go, scripts from the unicode package.
func Hostname(s string) bool {
	if s == "" || len(s) > 253 {
		return false
	}
	rtl := false // a label is right-to-left: the Bidi rule applies to all
	start := 0
	for i := 0; i <= len(s); i++ {
		if i < len(s) && s[i] != '.' {
			continue
		}
		ok, labelRTL := hostLabel(s[start:i])
		if !ok {
			return false
		}
		rtl = rtl || labelRTL
		start = i + 1
	}
	if !rtl {
		return true
	}
	start = 0
	for i := 0; i <= len(s); i++ {
		if i < len(s) && s[i] != '.' {
			continue
		}
		if !bidiRule(s[start:i]) {
			return false
		}
		start = i + 1
	}
	return true
}

// hostLabel checks one label; rtl reports an A-label with right-to-left
// characters.
func hostLabel(l string) (ok, rtl bool) {
	if l == "" || len(l) > 63 || l[0] == '-' || l[len(l)-1] == '-' {
		return false, false
	}
	for i := 0; i < len(l); i++ {
		if c := l[i]; !isAlpha(c) && !isDigit(c) && c != '-' {
			return false, false
		}
	}
	if !isALabel(l) {
		return true, false
	}
	var u uLabel
	if !u.decode(l[4:]) || !u.canonical(l[4:]) {
		return false, false
	}
	return u.valid()
}

// isALabel reports whether the LDH label l has the ACE prefix "xn--".
func isALabel(l string) bool {
	return len(l) >= 4 && l[0]|0x20 == 'x' && l[1]|0x20 == 'n' && l[2] == '-' && l[3] == '-'
}

// maxULabel bounds the code points of a U-label: each takes at least one
// character of the at most 59 after "xn--".
const maxULabel = 59

// uLabel is a decoded A-label.
type uLabel struct {
	r [maxULabel]rune
	n int
}

// Punycode parameters, RFC 3492 section 5.
const (
	pcBase        = 36
	pcTMin        = 1
	pcTMax        = 26
	pcSkew        = 38
	pcDamp        = 700
	pcInitialBias = 72
	pcInitialN    = 128
	pcMaxInt      = 1<<31 - 1
)

// pcAdapt is the bias adaptation function of RFC 3492 section 6.1.
func pcAdapt(delta, numPoints int, first bool) int {
	if first {
		delta /= pcDamp
	} else {
		delta /= 2
	}
	delta += delta / numPoints
	k := 0
	for delta > ((pcBase-pcTMin)*pcTMax)/2 {
		delta /= pcBase - pcTMin
		k += pcBase
	}
	return k + (pcBase-pcTMin+1)*delta/(delta+pcSkew)
}

// pcThreshold is t(k) of RFC 3492 section 6.
func pcThreshold(k, bias int) int {
	switch {
	case k <= bias:
		return pcTMin
	case k >= bias+pcTMax:
		return pcTMax
	}
	return k - bias
}

// pcDigit returns the value of a Punycode digit, either case, or -1.
func pcDigit(c byte) int {
	switch {
	case 'a' <= c && c <= 'z':
		return int(c - 'a')
	case 'A' <= c && c <= 'Z':
		return int(c - 'A')
	case '0' <= c && c <= '9':
		return int(c-'0') + 26
	}
	return -1
}

// pcEncodeDigit returns the lower-case Punycode digit of d (0-35).
func pcEncodeDigit(d int) byte {
	if d < 26 {
		return byte('a' + d)
	}
	return byte('0' + d - 26)
}

// decode decodes the Punycode label in (without its "xn--"), reading it
// case-insensitively (RFC 3492 section 6.2).
func (u *uLabel) decode(in string) bool {
	u.n = 0
	b := 0
	for j := len(in) - 1; j > 0; j-- {
		if in[j] == '-' {
			b = j
			break
		}
	}
	for j := 0; j < b; j++ {
		c := in[j]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		u.r[u.n] = rune(c)
		u.n++
	}
	pos := 0
	if b > 0 {
		pos = b + 1
	}
	n, i, bias := pcInitialN, 0, pcInitialBias
	for pos < len(in) {
		oldi, w := i, 1
		for k := pcBase; ; k += pcBase {
			if pos >= len(in) {
				return false
			}
			digit := pcDigit(in[pos])
			pos++
			if digit < 0 || digit > (pcMaxInt-i)/w {
				return false
			}
			i += digit * w
			t := pcThreshold(k, bias)
			if digit < t {
				break
			}
			if w > pcMaxInt/(pcBase-t) {
				return false
			}
			w *= pcBase - t
		}
		out := u.n + 1
		bias = pcAdapt(i-oldi, out, oldi == 0)
		if i/out > pcMaxInt-n {
			return false
		}
		n += i / out
		i %= out
		if n < 0x80 || n > unicode.MaxRune || 0xD800 <= n && n <= 0xDFFF || u.n == len(u.r) {
			return false
		}
		copy(u.r[i+1:u.n+1], u.r[i:u.n])
		u.r[i] = rune(n)
		u.n++
		i++
	}
	return true
}

// canonical reports whether Punycode-encoding the label gives in back
// (ignoring case), so that each U-label has one A-label (RFC 5891 section
// 5.4, RFC 3492 section 6.3).
func (u *uLabel) canonical(in string) bool {
	pos := 0 // bytes of in matched so far
	emit := func(c byte) bool {
		if pos >= len(in) {
			return false
		}
		d := in[pos]
		if 'A' <= d && d <= 'Z' {
			d += 'a' - 'A'
		}
		pos++
		return d == c
	}
	basic := 0
	for _, r := range u.r[:u.n] {
		if r < 0x80 {
			if !emit(byte(r)) {
				return false
			}
			basic++
		}
	}
	if basic > 0 && !emit('-') {
		return false
	}
	n, delta, bias, h := pcInitialN, 0, pcInitialBias, basic
	for h < u.n {
		m := int(unicode.MaxRune) + 1
		for _, r := range u.r[:u.n] {
			if int(r) >= n && int(r) < m {
				m = int(r)
			}
		}
		// Lengths are tiny: (m-n)*(h+1) stays far below overflow.
		delta += (m - n) * (h + 1)
		n = m
		for _, r := range u.r[:u.n] {
			if int(r) < n {
				delta++
			}
			if int(r) == n {
				q := delta
				for k := pcBase; ; k += pcBase {
					t := pcThreshold(k, bias)
					if q < t {
						break
					}
					if !emit(pcEncodeDigit(t + (q-t)%(pcBase-t))) {
						return false
					}
					q = (q - t) / (pcBase - t)
				}
				if !emit(pcEncodeDigit(q)) {
					return false
				}
				bias = pcAdapt(delta, h+1, h == basic)
				delta = 0
				h++
			}
		}
		delta++
		n++
	}
	return pos == len(in)
}

// valid checks the decoded label as a U-label (RFC 5891 section 5.4,
// RFC 5892); rtl reports right-to-left characters in it (RFC 5893
// section 1.4: Bidi_Class R, AL or AN).
func (u *uLabel) valid() (ok, rtl bool) {
	r := u.r[:u.n]
	ascii := true
	for _, c := range r {
		if c >= 0x80 {
			ascii = false
		}
	}
	if ascii {
		return false, false // the ACE of an all-ASCII label is no A-label
	}
	if len(r) >= 4 && r[2] == '-' && r[3] == '-' || r[0] == '-' || r[len(r)-1] == '-' {
		return false, false
	}
	if unicode.Is(unicode.M, r[0]) {
		return false, false
	}
	if !isNFC(r) {
		return false, false
	}
	for i, c := range r {
		if c < 0x80 {
			continue // a decoded basic code point: lower-case LDH, PVALID, L/EN/ES
		}
		if !unicode.Is(idnaPValid, c) && !contextRule(r, i) {
			return false, false
		}
		if unicode.Is(bidiR, c) || unicode.Is(bidiAL, c) || unicode.Is(bidiAN, c) {
			rtl = true
		}
	}
	return true, rtl
}

// contextRule reports whether r[i] is a CONTEXTJ or CONTEXTO code point
// whose rule (RFC 5892 appendix A) holds in the label r.
func contextRule(r []rune, i int) bool {
	c := r[i]
	switch {
	case c == 0x200C: // ZERO WIDTH NON-JOINER, A.1
		if i > 0 && unicode.Is(idnaVirama, r[i-1]) {
			return true
		}
		// (Joining_Type:{L,D})(Joining_Type:T)*\u200C(Joining_Type:T)*(Joining_Type:{R,D})
		j := i - 1
		for j >= 0 && unicode.Is(joinT, r[j]) {
			j--
		}
		if j < 0 || !unicode.Is(joinLD, r[j]) {
			return false
		}
		j = i + 1
		for j < len(r) && unicode.Is(joinT, r[j]) {
			j++
		}
		return j < len(r) && unicode.Is(joinRD, r[j])
	case c == 0x200D: // ZERO WIDTH JOINER, A.2
		return i > 0 && unicode.Is(idnaVirama, r[i-1])
	case c == 0x00B7: // MIDDLE DOT, A.3
		return i > 0 && i+1 < len(r) && r[i-1] == 'l' && r[i+1] == 'l'
	case c == 0x0375: // GREEK LOWER NUMERAL SIGN (KERAIA), A.4
		return i+1 < len(r) && unicode.Is(unicode.Greek, r[i+1])
	case c == 0x05F3, c == 0x05F4: // HEBREW PUNCTUATION GERESH and GERSHAYIM, A.5, A.6
		return i > 0 && unicode.Is(unicode.Hebrew, r[i-1])
	case c == 0x30FB: // KATAKANA MIDDLE DOT, A.7
		for _, d := range r {
			if unicode.Is(unicode.Hiragana, d) || unicode.Is(unicode.Katakana, d) || unicode.Is(unicode.Han, d) {
				return true
			}
		}
		return false
	case 0x0660 <= c && c <= 0x0669: // ARABIC-INDIC DIGITS, A.8
		for _, d := range r {
			if 0x06F0 <= d && d <= 0x06F9 {
				return false
			}
		}
		return true
	case 0x06F0 <= c && c <= 0x06F9: // EXTENDED ARABIC-INDIC DIGITS, A.9
		for _, d := range r {
			if 0x0660 <= d && d <= 0x0669 {
				return false
			}
		}
		return true
	}
	return false
}

// Bidi classes, as far as the Bidi rule tells them apart.
const (
	bcL = iota
	bcR
	bcAL
	bcAN
	bcEN
	bcES
	bcCS
	bcET
	bcON
	bcBN
	bcNSM
)

// bidiClass returns the Bidi_Class of a code point valid in a U-label
// (idna_tables.go lists the classes other than L of those code points) or of an
// LDH character.
func bidiClass(c rune) int {
	switch {
	case c == '-':
		return bcES
	case '0' <= c && c <= '9':
		return bcEN
	case c < 0x80:
		return bcL
	case c == 0x200C, c == 0x200D:
		return bcBN
	case unicode.Is(bidiR, c):
		return bcR
	case unicode.Is(bidiAL, c):
		return bcAL
	case unicode.Is(bidiAN, c):
		return bcAN
	case unicode.Is(bidiEN, c):
		return bcEN
	case unicode.Is(bidiNSM, c):
		return bcNSM
	case unicode.Is(bidiON, c):
		return bcON
	}
	return bcL
}

// bidiRule checks the Bidi rule of RFC 5893 section 2 on a label that
// hostLabel accepted, in a domain name with a right-to-left label.
func bidiRule(l string) bool {
	if !isALabel(l) {
		return bidiRuleRunes(nil, l)
	}
	var u uLabel
	u.decode(l[4:]) // succeeded in hostLabel
	return bidiRuleRunes(u.r[:u.n], "")
}

// bidiRuleRunes checks the Bidi rule on r, or on the ASCII label a when r
// is nil.
func bidiRuleRunes(r []rune, a string) bool {
	n := len(r)
	if r == nil {
		n = len(a)
	}
	at := func(i int) int {
		if r == nil {
			return bidiClass(rune(a[i]))
		}
		return bidiClass(r[i])
	}
	first := at(0)
	// 1. The first character must be L, R or AL.
	if first != bcL && first != bcR && first != bcAL {
		return false
	}
	// The last character that is not NSM.
	last := n - 1
	for last > 0 && at(last) == bcNSM {
		last--
	}
	end := at(last)
	if first == bcL {
		// 5. Only L, EN, ES, CS, ET, ON, BN and NSM; 6. ends with L or EN,
		// then NSMs.
		for i := 0; i < n; i++ {
			switch at(i) {
			case bcL, bcEN, bcES, bcCS, bcET, bcON, bcBN, bcNSM:
			default:
				return false
			}
		}
		return end == bcL || end == bcEN
	}
	// 2. Only R, AL, AN, EN, ES, CS, ET, ON, BN and NSM; 3. ends with R, AL,
	// EN or AN, then NSMs; 4. not both EN and AN.
	en, an := false, false
	for i := 0; i < n; i++ {
		switch at(i) {
		case bcEN:
			en = true
		case bcAN:
			an = true
		case bcR, bcAL, bcES, bcCS, bcET, bcON, bcBN, bcNSM:
		default:
			return false
		}
	}
	return !(en && an) && (end == bcR || end == bcAL || end == bcEN || end == bcAN)
}

// isNFC reports whether a string of PVALID, CONTEXTJ and CONTEXTO code
// points is in Normalization Form C: whether normalizing it (canonical
// decomposition, canonical ordering, canonical composition, UAX #15) gives
// it back. Hangul syllables stay whole: the conjoining jamo they compose
// from are DISALLOWED.
func isNFC(r []rune) bool {
	// The quick check of UAX #15 section 9: marks in canonical order and no
	// NFC_Quick_Check=Maybe code point (nfcSecond) mean NFC. (No code point
	// a U-label may hold is NFC_Quick_Check=No: gen_tables.pl checks it.)
	maybe := false
	last := uint8(0)
	for _, c := range r {
		if c < 0x300 {
			last = 0 // no mark, no NFC_Quick_Check=Maybe below U+0300
			continue
		}
		cc := combiningClass(c)
		if cc != 0 && last > cc {
			return false
		}
		last = cc
		if unicode.Is(nfcSecond, c) {
			maybe = true
		}
	}
	if !maybe {
		return true
	}
	var buf [maxULabel * 3]rune
	n := 0
	for _, c := range r {
		d := decomposition(c)
		if d == nil {
			buf[n] = c
			n++
			continue
		}
		for _, e := range d {
			if e != 0 {
				buf[n] = e
				n++
			}
		}
	}
	// Canonical ordering: a stable sort of each run of marks by class.
	for i := 1; i < n; i++ {
		cc := combiningClass(buf[i])
		for j := i; j > 0 && cc != 0 && combiningClass(buf[j-1]) > cc; j-- {
			buf[j], buf[j-1] = buf[j-1], buf[j]
		}
	}
	// Canonical composition.
	starter, out := -1, 0
	prev := 0 // class of the last code point kept; 256 blocks
	for i := 0; i < n; i++ {
		c := buf[i]
		cc := int(combiningClass(c))
		if starter >= 0 && (prev < cc || prev == 0) {
			if x, ok := composite(buf[starter], c); ok {
				buf[starter] = x
				continue
			}
		}
		if cc == 0 {
			starter = out
		} else if starter < 0 {
			cc = 256 // a leading mark blocks what follows
		}
		prev = cc
		buf[out] = c
		out++
	}
	if out != len(r) {
		return false
	}
	for i, c := range r {
		if buf[i] != c {
			return false
		}
	}
	return true
}

// combiningClass returns the Canonical_Combining_Class of c.
func combiningClass(c rune) uint8 {
	if c < 0x300 {
		return 0
	}
	lo, hi := 0, len(nfcCCC)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		switch e := &nfcCCC[m]; {
		case c < e.lo:
			hi = m
		case c > e.hi:
			lo = m + 1
		default:
			return e.ccc
		}
	}
	return 0
}

// decomposition returns the canonical decomposition of a code point a
// U-label may hold, padded with zeros, or nil if it has none.
func decomposition(c rune) *[3]rune {
	lo, hi := 0, len(nfcDecomp)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		switch e := &nfcDecomp[m]; {
		case c < e.c:
			hi = m
		case c > e.c:
			lo = m + 1
		default:
			return &e.d
		}
	}
	return nil
}

// composite returns the primary composite of a and b, if any.
func composite(a, b rune) (rune, bool) {
	key := uint64(a)<<21 | uint64(b)
	lo, hi := 0, len(nfcComp)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		switch e := &nfcComp[m]; {
		case e.pair < key:
			lo = m + 1
		case e.pair > key:
			hi = m
		default:
			return e.c, true
		}
	}
	return 0, false
}
