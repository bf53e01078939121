package toolimpl

// Object is the shape of a struct's object, declared once per type by
// generated code: its members, in property order, and those it requires.
// A member that is not required counts as absent when it is null. Every
// other member is unexpected.
type Object struct {
	names    []string
	required []int    // indexes of the required members, in the schema's required order
	expected []string // for each required member, what a missing error says it must be
	// The members absent when null: those not required, but for those
	// read even when null.
	nullAbsent []bool
	index      map[string]int // for objects of many members
}

// linearNames is how many members an Object finds by comparing names one
// by one, rather than through a map.
const linearNames = 8

// NewObject returns the shape of an object whose members are names, and of
// which the members required are those named in required, in pairs: a
// name, and what a missing error says the member must be ("string").
func NewObject(names []string, required ...string) *Object {
	o := &Object{names: names, nullAbsent: make([]bool, len(names))}
	for i := range o.nullAbsent {
		o.nullAbsent[i] = true
	}
	for i := 0; i+1 < len(required); i += 2 {
		for j, n := range names {
			if n == required[i] {
				o.required = append(o.required, j)
				o.expected = append(o.expected, required[i+1])
				o.nullAbsent[j] = false
				break
			}
		}
	}
	if len(names) > linearNames {
		o.index = make(map[string]int, len(names))
		for i, n := range names {
			if _, dup := o.index[n]; !dup {
				o.index[n] = i
			}
		}
	}
	return o
}

// ReadingNull marks the members named as read even when they are null and
// not required, and returns o: the members of a Go type that reads null
// itself (json.RawMessage keeps it, a type's UnmarshalJSON receives it),
// as encoding/json hands it null.
func (o *Object) ReadingNull(names ...string) *Object {
	for _, name := range names {
		if i := o.find(name, -1); i >= 0 {
			o.nullAbsent[i] = false
		}
	}
	return o
}

// find returns the index of the member named k, or -1; guess is the index
// that is most likely, the one after the last member read, as models write
// members in property order.
func (o *Object) find(k string, guess int) int {
	if guess >= 0 && guess < len(o.names) && o.names[guess] == k {
		return guess
	}
	if o.index != nil {
		if i, ok := o.index[k]; ok {
			return i
		}
		return -1
	}
	for i, n := range o.names {
		if n == k {
			return i
		}
	}
	return -1
}
