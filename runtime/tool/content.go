package tool

import (
	"errors"
	"fmt"
	"mime"
	"net/url"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// ContentKind names the kind of a content item, as MCP names it.
type ContentKind string

const (
	ContentText         ContentKind = "text"          // Text
	ContentImage        ContentKind = "image"         // Data, MIMEType image/*
	ContentAudio        ContentKind = "audio"         // Data, MIMEType audio/*
	ContentResource     ContentKind = "resource"      // an embedded resource: URI, MIMEType, and Text or Data
	ContentResourceLink ContentKind = "resource_link" // a link to a resource: URI, Name, MIMEType, Description
)

// Content is an item a handler returns beside or instead of its result
// (see Def.HandleContent): text, an image, audio, an embedded resource or a
// link to one. Make it with Text, Image, Audio, Resource, ResourceBlob or
// ResourceLink. Each adapter sends it as its provider takes it (MCP content
// items, OpenAI Responses input parts, Anthropic tool_result blocks, Gemini
// function response parts), and, where a provider takes text only, as the
// text of AsText. Data is raw bytes: the adapters encode it (base64) as
// each SDK wants.
//
// A Set checks the items a handler returns before any is sent (their
// number and size too, see Def.HandleContent): a media type parses, is at most 255 bytes and
// fits the kind (image/* for an image, audio/* for audio); the data must
// be what it declares as far as its first bytes tell, the way
// net/http.DetectContentType tells: data of a type the checks know (PNG,
// JPEG, GIF, WebP, BMP, SVG, WAV, MP3, Ogg, FLAC, AAC, M4A and MP4, AIFF,
// PDF, ZIP, ...) must begin as that format's files do, and an image or a
// sound whose data surely is one of those formats must declare one of its
// types (PNG bytes as image/jpeg, or JPEG bytes as the unregistered
// image/jpg, are refused, saying what to declare). Data the checks cannot
// tell is accepted as declared: refusing formats they do not know would
// refuse legitimate types. An embedded resource is checked only when its
// type is one they know. Content that fails a check fails the call
// (bad_result, "content that cannot be sent"), and the log says what the
// handler must fix.
type Content struct {
	Kind        ContentKind `json:"type"`
	Text        string      `json:"text,omitempty"` // a text item's, or a text resource's
	Data        []byte      `json:"data,omitempty"` // an image's, audio's or blob resource's bytes
	MIMEType    string      `json:"mimeType,omitempty"`
	URI         string      `json:"uri,omitempty"`
	Name        string      `json:"name,omitempty"`        // a resource link's
	Description string      `json:"description,omitempty"` // a resource link's
}

// Text is a text item.
func Text(text string) Content { return Content{Kind: ContentText, Text: text} }

// Image is an image: its bytes, and their media type, image/png,
// image/jpeg, ... (Anthropic and Gemini take image/png, image/jpeg,
// image/gif (Anthropic), image/webp; an adapter describes another in text).
func Image(data []byte, mimeType string) Content {
	return Content{Kind: ContentImage, Data: data, MIMEType: mimeType}
}

// Audio is a sound: its bytes, and their media type, audio/wav, audio/mpeg, ...
func Audio(data []byte, mimeType string) Content {
	return Content{Kind: ContentAudio, Data: data, MIMEType: mimeType}
}

// Resource is an embedded resource of text: its URI, media type (may be
// empty) and text.
func Resource(uri, mimeType, text string) Content {
	return Content{Kind: ContentResource, URI: uri, MIMEType: mimeType, Text: text}
}

// ResourceBlob is an embedded resource of bytes: its URI, media type (may
// be empty) and bytes.
func ResourceBlob(uri, mimeType string, data []byte) Content {
	return Content{Kind: ContentResource, URI: uri, MIMEType: mimeType, Data: data}
}

// ResourceLink is a link to a resource the client may read: its URI and
// name; its media type and description may be empty.
func ResourceLink(uri, name, mimeType, description string) Content {
	return Content{Kind: ContentResourceLink, URI: uri, Name: name, MIMEType: mimeType, Description: description}
}

// The bounds of the content of one call: at most 16 items, of at most 3 MiB
// in all (every item's bytes and text, URI, name, description and media
// type), which is at most 4 MiB once base64-encoded, within the request
// limits of every provider. A media type is at most 255 bytes.
const (
	maxContentItems = 16
	maxContentBytes = 3 << 20
	maxMIMEType     = 255
)

// contentError says why a handler's content cannot be sent.
type contentError struct{ reason string }

func (e *contentError) Error() string { return e.reason }

// checkContent reports why items cannot be sent, nil when they can: too
// many, too large in all, or an item that is not well formed (an empty
// image, a media type of another kind or that does not parse, data that
// is not what its media type says, text that is not UTF-8, ...). Its cost
// is linear in the items' size.
func checkContent(items []Content) error {
	if len(items) > maxContentItems {
		return &contentError{fmt.Sprintf("%d content items, more than %d", len(items), maxContentItems)}
	}
	total := 0
	for i := range items {
		c := &items[i]
		total += len(c.Text) + len(c.Data) + len(c.MIMEType) + len(c.URI) + len(c.Name) + len(c.Description)
		if total > maxContentBytes {
			return &contentError{fmt.Sprintf("the content items from item %d on are more than %d bytes in all", i, maxContentBytes)}
		}
		if why := c.problem(); why != "" {
			return &contentError{"content item " + strconv.Itoa(i) + " (" + field(string(c.Kind)) + "): " + why}
		}
	}
	return nil
}

// problem says what is wrong with c, "" when nothing is.
func (c *Content) problem() string {
	for _, s := range [...]string{c.Text, c.MIMEType, c.URI, c.Name, c.Description} {
		if !utf8.ValidString(s) {
			return "its text is not valid UTF-8"
		}
	}
	switch c.Kind {
	case ContentText:
		if c.Text == "" {
			return "the text is empty"
		}
		return c.only(false, false, false)
	case ContentImage, ContentAudio:
		if len(c.Data) == 0 {
			return "it has no data"
		}
		if why := checkMIME(c.MIMEType, string(c.Kind), false); why != "" {
			return why
		}
		if why := mismatch(c.Data, c.MediaType(), true); why != "" {
			return why
		}
		return c.only(true, false, false)
	case ContentResource:
		if why := checkURI(c.URI); why != "" {
			return why
		}
		if c.MIMEType != "" {
			if why := checkMIME(c.MIMEType, "", true); why != "" {
				return why
			}
		}
		switch {
		case c.Text != "" && len(c.Data) > 0:
			return "it has both text and data: make it Resource or ResourceBlob"
		case c.Text == "" && len(c.Data) == 0:
			return "it has neither text nor data"
		}
		// Of a type the checks know, text is checked as its bytes; of
		// another, nothing tells what the data is.
		if t := c.MediaType(); formatOf(t) != nil {
			data := c.Data
			if c.Text != "" {
				data = []byte(c.Text)
			}
			if why := mismatch(data, t, false); why != "" {
				return why
			}
		}
		return c.only(true, true, false)
	case ContentResourceLink:
		if why := checkURI(c.URI); why != "" {
			return why
		}
		if c.Name == "" {
			return "it has no name"
		}
		if c.MIMEType != "" {
			if why := checkMIME(c.MIMEType, "", true); why != "" {
				return why
			}
		}
		return c.only(false, true, true)
	}
	return "the kind " + strconv.Quote(field(string(c.Kind))) + " is not text, image, audio, resource or resource_link"
}

// only reports members c has that its kind does not take; text is checked
// by the caller.
func (c *Content) only(data, uri, link bool) string {
	switch {
	case !data && len(c.Data) > 0:
		return "a " + string(c.Kind) + " item has no data"
	case !uri && c.URI != "":
		return "a " + string(c.Kind) + " item has no URI"
	case !link && (c.Name != "" || c.Description != ""):
		return "only a resource_link has a name and a description"
	case c.Kind != ContentText && c.Kind != ContentResource && c.Text != "":
		return "a " + string(c.Kind) + " item has no text"
	case c.Kind == ContentText && c.MIMEType != "":
		return "a text item has no media type"
	}
	return ""
}

// checkMIME reports why m is not a media type of the given top-level type
// ("" for any); params allows parameters (charset=...).
func checkMIME(m, kind string, params bool) string {
	if m == "" {
		return "it has no media type"
	}
	if len(m) > maxMIMEType {
		return "its media type is longer than " + strconv.Itoa(maxMIMEType) + " bytes"
	}
	t, ps, err := mime.ParseMediaType(m)
	if err == nil && (strings.TrimSpace(m) != m || strings.ContainsFunc(m, unicode.IsControl)) {
		err = errors.New("it holds a control character or surrounding space")
	}
	if err != nil {
		return "its media type " + strconv.Quote(field(m)) + " is not valid: " + err.Error()
	}
	top, sub, _ := strings.Cut(t, "/")
	switch {
	case sub == "" || sub == "*" || top == "*":
		return "its media type " + strconv.Quote(field(m)) + " is not a type/subtype"
	case kind != "" && top != kind:
		return "its media type " + strconv.Quote(field(m)) + " is not " + kind + "/*"
	case !params && len(ps) > 0:
		return "its media type " + strconv.Quote(field(m)) + " has parameters; give the type/subtype alone"
	}
	return ""
}

// checkURI reports why u is not an absolute URI.
func checkURI(u string) string {
	if u == "" {
		return "it has no URI"
	}
	p, err := url.Parse(u)
	if err != nil || p.Scheme == "" {
		return "its URI " + strconv.Quote(field(u)) + " is not an absolute URI"
	}
	return ""
}

// MediaType is the type/subtype of c's media type, lower case, without
// parameters: "image/png" of "Image/PNG", "text/plain" of "text/plain;
// charset=utf-8"; "" when c has none, or one that does not parse.
func (c Content) MediaType() string {
	t, _, err := mime.ParseMediaType(c.MIMEType)
	if err != nil {
		return ""
	}
	return t
}

// contentNote is the JSON of AsText for an item that is not text.
type contentNote struct {
	Kind        ContentKind `json:"type"`
	URI         string      `json:"uri,omitempty"`
	Name        string      `json:"name,omitempty"`
	MIMEType    string      `json:"mimeType,omitempty"`
	Description string      `json:"description,omitempty"`
	Text        string      `json:"text,omitempty"`
	Bytes       int         `json:"bytes,omitempty"`
	Omitted     string      `json:"omitted,omitempty"`
}

// AsText renders c for a reply that carries text only (an OpenAI Chat
// Completions tool message, Feedback), or that cannot carry c (an adapter
// whose provider does not take its kind or media type): a text item as its
// text; any other
// as a JSON object saying what it is, whole for a link or a text resource,
// and, for bytes, their size and that they were left out:
//
//	{"type":"image","mimeType":"image/png","bytes":5120,"omitted":"this reply cannot carry it"}
//	{"type":"resource_link","uri":"file:///report.pdf","name":"report.pdf","mimeType":"application/pdf"}
func (c Content) AsText() string {
	if c.Kind == ContentText {
		return c.Text
	}
	n := contentNote{Kind: c.Kind, URI: c.URI, Name: c.Name, MIMEType: c.MIMEType, Description: c.Description, Text: c.Text}
	if len(c.Data) > 0 {
		n.Bytes, n.Omitted = len(c.Data), "this reply cannot carry it"
	}
	b, err := marshal(n)
	if err != nil { // not for strings and ints
		return `{"type":"` + field(string(c.Kind)) + `"}`
	}
	return string(b)
}

// Items returns the content a model reads of the call, in order, for an
// adapter to render: for an executed call, the result's text (a typed
// result's checked JSON, as MCP asks, or the output as Feedback renders
// it) and then the handler's Content; a call with Content and no output
// (nil, or "") has no result text. Any other call is one text item,
// Feedback.
func (r Result) Items() []Content {
	if r.Status != StatusExecuted {
		return []Content{Text(r.Feedback())}
	}
	if len(r.Content) == 0 {
		return []Content{Text(r.outputText())}
	}
	items := make([]Content, 0, len(r.Content)+1)
	if r.Structured != nil || (r.Output != nil && r.Output != "") {
		items = append(items, Text(r.outputText()))
	}
	return append(items, r.Content...)
}
