// Package inline has a tool with a field inlined by json:",inline", which
// toolgen flattens into the tool's members as invopop does, although
// encoding/json has no such option and decodes the field as a member named
// after it.
package inline

// PostArgs posts a message.
//
//toolgen:tool
type PostArgs struct {
	Channel string `json:"channel"`
	Body    Body   `json:",inline"`
}

// Body is the content.
type Body struct {
	Text string `json:"text"`
	HTML string `json:"html,omitempty"`
}
