// Package recursive has tools over recursive types: a tree whose nodes are
// the tool's own type ($ref "#"), and a tool whose nested type refers to
// itself ($defs).
package recursive

// MakeTreeArgs is a tree: each node has a label and children.
//
//toolgen:tool name=make_tree
type MakeTreeArgs struct {
	Label    string          `json:"label" jsonschema:"minLength=1"`
	Children []*MakeTreeArgs `json:"children,omitempty"`
}

// RenderMenuArgs renders a menu.
//
//toolgen:tool name=render_menu risk=read
type RenderMenuArgs struct {
	Title string `json:"title"`
	Root  Item   `json:"root"`
	Other *Item  `json:"other,omitempty"`
}

// Item is a menu item with sub-items.
type Item struct {
	Name  string          `json:"name"`
	Items []Item          `json:"items,omitempty"`
	Named map[string]Item `json:"named,omitempty"`
}
