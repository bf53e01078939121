package format

// Email reports whether s is an Internet email address as RFC 5321 section
// 4.1.2 defines a Mailbox (the form an SMTP envelope, and so a mail system,
// accepts), with the length limits of section 4.5.3.1:
//
//   - a local part, 64 octets at most, that is either a dot-atom (RFC 5322
//     atext: ASCII letters, digits and !#$%&'*+-/=?^_`{|}~, in runs
//     separated by single dots, none leading or trailing) or a quoted
//     string ("joe bloggs", "a@b", with \ escaping any printable ASCII
//     character);
//   - "@";
//   - a domain, which is a host name as Hostname accepts it, or an address
//     literal: an IPv4 address in brackets ("[127.0.0.1]") or "IPv6:" and an
//     IPv6 address in brackets ("[IPv6:::1]").
//
// The whole address is at most 254 octets. Display names, comments, folding
// white space, obsolete forms and general address literals (a tag other
// than IPv6) are not accepted, nor are non-ASCII characters (those are the
// "idn-email" format).
func Email(s string) bool {
	if len(s) > 254 || s == "" {
		return false
	}
	i := 0
	if s[0] == '"' {
		// Quoted-string = DQUOTE *QcontentSMTP DQUOTE
		for i = 1; ; i++ {
			if i >= len(s) {
				return false
			}
			c := s[i]
			if c == '"' {
				i++
				break
			}
			if c == '\\' {
				// quoted-pairSMTP = %d92 %d32-126
				i++
				if i >= len(s) || s[i] < 32 || s[i] > 126 {
					return false
				}
				continue
			}
			// qtextSMTP = %d32-33 / %d35-91 / %d93-126
			if c < 32 || c > 126 {
				return false
			}
		}
	} else {
		// Dot-string = Atom *("." Atom)
		for {
			start := i
			for i < len(s) && isAtext(s[i]) {
				i++
			}
			if i == start {
				return false
			}
			if i < len(s) && s[i] == '.' {
				i++
				continue
			}
			break
		}
	}
	if i > 64 || i >= len(s) || s[i] != '@' {
		return false
	}
	domain := s[i+1:]
	if domain != "" && domain[0] == '[' {
		if domain[len(domain)-1] != ']' {
			return false
		}
		lit := domain[1 : len(domain)-1]
		if len(lit) >= 5 && lit[0]|0x20 == 'i' && lit[1]|0x20 == 'p' && lit[2]|0x20 == 'v' && lit[3] == '6' && lit[4] == ':' {
			return IPv6(lit[5:])
		}
		return IPv4(lit)
	}
	return Hostname(domain)
}

// isAtext reports whether c is an atext character of RFC 5322.
func isAtext(c byte) bool {
	if isAlpha(c) || isDigit(c) {
		return true
	}
	switch c {
	case '!', '#', '$', '%', '&', '\'', '*', '+', '-', '/', '=', '?', '^', '_', '`', '{', '|', '}', '~':
		return true
	}
	return false
}
