package textnumber

import "strconv"

// Level is a number that reads itself from text: a JSON string.
type Level int

func (l *Level) UnmarshalText(b []byte) error {
	n, err := strconv.Atoi(string(b))
	*l = Level(n)
	return err
}

// SetArgs sets a level.
//
//toolgen:tool
type SetArgs struct {
	Level Level `json:"level"`
}
