package corpus

// Node is a tree node: it refers to itself.
type Node struct {
	Name     string `json:"name" jsonschema:"minLength=1"`
	Children []Node `json:"children,omitempty"`
	// Next is the following sibling.
	Next *Node `json:"next,omitempty"`
	// Meta is not recursive: inlined by toolgen, a definition for invopop.
	Meta Point            `json:"meta"`
	ByID map[string]*Node `json:"by_id,omitempty" jsonschema:"title=Index"`
}

// Thread holds a recursive type that is not itself.
type Thread struct {
	Title string `json:"title"`
	// First is the opening comment.
	First Comment   `json:"first"`
	More  []Comment `json:"more,omitempty" jsonschema:"maxItems=100"`
}

// Comment is a comment with replies.
type Comment struct {
	Text    string     `json:"text" jsonschema:"maxLength=500"`
	Author  Person     `json:"author"`
	Replies []*Comment `json:"replies,omitempty"`
	Parent  *Comment   `json:"parent,omitempty" jsonschema:"description=What this replies to"`
}

// Person is referred to by Comment.
type Person struct {
	Name string `json:"name"`
}

// Drive holds mutually recursive types.
type Drive struct {
	Root  Folder `json:"root"`
	Files []File `json:"files"`
}

// Folder holds files and folders.
type Folder struct {
	Name    string   `json:"name"`
	Files   []File   `json:"files"`
	Folders []Folder `json:"folders,omitempty"`
}

// File is in a folder, which it names.
type File struct {
	Name string  `json:"name"`
	In   *Folder `json:"in,omitempty"`
}

// Forest holds recursive maps and slices.
type Forest struct {
	Trees  Tree            `json:"trees"`
	Named  map[string]Tree `json:"named,omitempty"`
	Nested Nest            `json:"nested"`
}

// Tree is a map of trees.
type Tree map[string]Tree

// Nest is a list of lists.
type Nest []Nest

// Ring refers to itself through a struct that embeds it.
type Ring struct {
	Name  string    `json:"name"`
	Child *RingLink `json:"child,omitempty"`
}

// RingLink embeds Ring.
type RingLink struct {
	*Ring
	Depth int `json:"depth"`
}

// Chain embeds a struct that refers back to Chain.
type Chain struct {
	Links
	ID string `json:"id"`
}

// Links is embedded in Chain.
type Links struct {
	Next *Chain  `json:"next,omitempty"`
	All  []Chain `json:"all,omitempty" jsonschema:"nullable"`
}
