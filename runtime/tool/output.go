package tool

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
)

// Output is a structured output that toolgen generates for a struct type
// annotated //toolgen:output: the JSON Schema of an answer that is one JSON
// object, in the request form of each provider, and its validator. A model
// call that asks for it gets its answer constrained to the schema where the
// provider can, and the answer is checked and decoded with OutputDef.Parse.
type Output struct {
	// Name is the output's name (the json_schema name of OpenAI's formats).
	Name string
	// Description is the struct's doc comment.
	Description string
	// Schema is the canonical JSON Schema (draft 2020-12) of the answer.
	Schema json.RawMessage
	// Validate checks a decoded answer; nil means valid. As for tool
	// arguments, an optional member whose value is null counts as absent.
	Validate func(answer map[string]any) Errors
	// Formats is the output in the request form of each provider.
	Formats ResponseFormats
	// Form is the schema of the output as a form a person fills in (MCP
	// elicitation's requestedSchema: a flat object of strings, numbers,
	// booleans and enums, titled enums as oneOf of const and title), for
	// an output marked //toolgen:output form=true; nil otherwise. See
	// OutputDef.Ask.
	Form json.RawMessage
}

// ResponseFormats holds an output's ResponseFormat for each provider, each
// in the strictest form the provider accepts. A provider the output leaves
// out with //toolgen:output dialects=... has a zero ResponseFormat.
type ResponseFormats struct {
	// OpenAI is the response_format of a Chat Completions request:
	// {"type":"json_schema","json_schema":{"name","description","schema","strict":true}}.
	OpenAI ResponseFormat
	// OpenAIResponses is the text.format of a Responses API request:
	// {"type":"json_schema","name","description","schema","strict":true}.
	OpenAIResponses ResponseFormat
	// Anthropic is the output_config.format of a Messages request,
	// {"type":"json_schema","schema"}, whose schema follows Anthropic strict
	// mode. Where strict mode cannot express the schema, its Form is
	// AnthropicNonStrict and Format is a tool, {"name","description",
	// "input_schema"}, that the request offers and forces with tool_choice:
	// the answer is that tool's input.
	Anthropic ResponseFormat
	// Gemini holds the members of a generationConfig:
	// {"responseMimeType":"application/json","responseSchema"} with the
	// OpenAPI subset of Gemini, or responseJsonSchema where the subset
	// cannot express the schema.
	Gemini ResponseFormat
}

// ResponseFormat is an output in one provider's request form.
type ResponseFormat struct {
	// Format is the JSON the request takes (see ResponseFormats).
	Format json.RawMessage
	// Schema is the answer's schema in the form: the value of Format's
	// schema, input_schema, responseSchema or responseJsonSchema member.
	Schema json.RawMessage
	// Form is the dialect whose schema rules the format follows, as for a
	// tool's Definition.Form: OpenAI or OpenAINonStrict ("strict": false),
	// OpenAIResponses or OpenAIResponsesNonStrict, Anthropic or
	// AnthropicNonStrict (a forced tool), Gemini or GeminiJSONSchema.
	Form Dialect
	// Fallback says why the format is not in the provider's strictest form;
	// "" when it is.
	Fallback string
}

// Get returns the format of a provider, named by its strictest dialect
// (OpenAI, OpenAIResponses, Anthropic or Gemini), and false when the
// dialect names none or the output leaves it out.
func (fs *ResponseFormats) Get(d Dialect) (ResponseFormat, bool) {
	if f := fs.field(d); f != nil {
		return *f, f.Format != nil
	}
	return ResponseFormat{}, false
}

// field returns the field of fs that holds the format of the provider
// whose strictest dialect is d, or nil when d names none.
func (fs *ResponseFormats) field(d Dialect) *ResponseFormat {
	switch d {
	case OpenAI:
		return &fs.OpenAI
	case OpenAIResponses:
		return &fs.OpenAIResponses
	case Anthropic:
		return &fs.Anthropic
	case Gemini:
		return &fs.Gemini
	}
	return nil
}

// OutputDef is an Output together with the Go type of its answer. toolgen
// generates one per annotated struct T:
//
//	var InvoiceOutput = tool.OutputDef[Invoice]{Output: tool.Output{...}, Decode: DecodeInvoice, Decoder: ...}
type OutputDef[T any] struct {
	Output
	// Decode validates a decoded answer and, when it is valid, returns it
	// as a T; otherwise the zero T and every error.
	Decode func(answer map[string]any) (T, Errors)
	// Decoder reads an answer in one pass, as a Def's Decoder reads
	// arguments; toolgen generates it. Stream reads a streamed answer with
	// it; without one, Stream buffers the answer and parses it at Close.
	Decoder decoder[T]
}

// Stream reads a model's answer as a provider streams it, text delta by
// text delta, with the output's generated Decoder: Write, Snapshot and
// Close do what they do for a tool's arguments (see Def.Stream), and Close
// returns exactly what ParseBytes returns for the bytes of every write,
// for any split. A Write fails once no continuation of the bytes written
// can be a valid answer; its errors are those of the one pass, whose
// reasons speak of arguments where ParseBytes's speak of the answer (a
// syntax error, an answer that is not an object): Close returns
// ParseBytes's.
func (d *OutputDef[T]) Stream() *Stream[T] {
	dec := d.Decoder
	if dec == nil {
		dec = func(_ map[string]any, _ []byte, f *streamFeed, _ int) (v T, _ Errors) {
			f.All() // read at Close, by ParseBytes
			return v, nil
		}
	}
	st := newStream(dec, 0)
	st.c.fence = new(fenceWatch)
	st.end = func(v T, errs Errors, all []byte) (T, Errors) {
		if d.Decoder == nil || !answerParsed(errs, all) {
			// The one pass read the answer as arguments, whose blank
			// text is an empty object and whose parse errors speak of
			// arguments: ParseBytes says it of the answer. The bytes
			// past a syntax error are not kept: a fence there was
			// watched for as they came.
			v, errs := d.ParseBytes(all)
			if len(errs) == 1 && errs[0].Code == CodeBadJSON && st.c.fence.seen {
				errs[0] = fenceError
			}
			return v, errs
		}
		return v, errs
	}
	return st
}

// answerParsed reports whether the one pass's verdict on an answer is
// ParseBytes's: the answer is not blank and it parsed as an object.
func answerParsed(errs Errors, all []byte) bool {
	if len(bytes.TrimLeft(all, " \t\r\n")) == 0 {
		return false
	}
	for _, e := range errs {
		switch e.Code {
		case CodeBadJSON, CodeBadNumber, CodeBadShape:
			return false
		}
	}
	return true
}

// Parse reads a model's answer, the text of its message, into a T: it
// parses it as ParseArgs parses arguments (strictly: one JSON object,
// nothing around it, no duplicate member, numbers exact), validates it
// against the schema, constraints the provider could not express
// included, and decodes it. On any error it returns the zero T and every
// error; Feedback renders them for the model's next turn. The answer is
// never repaired: a JSON object in a code fence or after a sentence is an
// error, which the retry corrects (Feedback tells the model to remove a
// Markdown code fence).
func (d *OutputDef[T]) Parse(answer string) (T, Errors) {
	return d.ParseBytes([]byte(answer))
}

// ParseBytes is Parse of the answer's bytes.
func (d *OutputDef[T]) ParseBytes(answer []byte) (T, Errors) {
	var zero T
	v, errs := parseAnswer(answer)
	if errs != nil {
		return zero, errs
	}
	if d.Decode == nil {
		var out T
		errs := jsonDecode(d.Validate, v, &out)
		return out, errs
	}
	return d.Decode(v)
}

// parseAnswer parses a model's answer: one JSON object.
func parseAnswer(answer []byte) (map[string]any, Errors) {
	if len(bytes.TrimLeft(answer, " \t\r\n")) == 0 {
		return nil, Errors{{Code: CodeBadJSON, Reason: "the answer is empty"}}
	}
	v, errs := parseObject(answer, "the answer is not valid JSON", "the answer should be a JSON object")
	if errs != nil && errs[0].Code == CodeBadJSON && hasFenceLine(answer) {
		// The syntax error is the fence's, which the model can remove: it
		// is told so, not where the JSON broke. (Still no repair.)
		return nil, Errors{fenceError}
	}
	return v, errs
}

// fenceError is the error of an answer in a Markdown code fence.
var fenceError = Error{Code: CodeBadJSON, Reason: "the answer is not valid JSON: it is in a Markdown code fence (```); " +
	"remove the code fence and any text around it, and answer with the JSON object alone"}

// hasFenceLine reports whether text has a line that starts with a
// Markdown code fence (```, ```json), in which models often wrap JSON.
// No JSON document has one: a string holding ``` cannot start a line.
func hasFenceLine(text []byte) bool {
	var w fenceWatch
	w.write(text)
	return w.seen
}

// fenceWatch finds a line that starts with a code fence in text read piece
// by piece (a streamed answer, which keeps no bytes past a syntax error).
// Its zero value is at the start of a line.
type fenceWatch struct {
	seen  bool
	mid   bool // past the line's leading blanks and backticks
	ticks int  // the backticks that start the line so far
}

func (w *fenceWatch) write(p []byte) {
	for _, c := range p {
		if w.seen {
			return
		}
		switch {
		case c == '\n':
			w.mid, w.ticks = false, 0
		case w.mid:
		case c == '`':
			if w.ticks++; w.ticks == 3 {
				w.seen = true
			}
		case w.ticks == 0 && (c == ' ' || c == '\t' || c == '\r'):
		default:
			w.mid = true
		}
	}
}

// maxFeedbackErrors is how many errors Feedback lists; it counts the
// others.
const maxFeedbackErrors = 20

// Feedback renders the errors of Parse as the text of the next user turn,
// for the model to answer again:
//
//	Your answer does not match the format invoice:
//	- missing required member 'total'
//	- member 'lines[0].qty' should be integer, got string
//	Answer again with only a JSON object that matches the format.
//
// It lists at most 20 errors, then how many more there are.
func (o *Output) Feedback(errs Errors) string {
	var b strings.Builder
	b.WriteString("Your answer does not match the format ")
	b.WriteString(shorten(o.Name))
	b.WriteString(":")
	for i, e := range errs {
		if i == maxFeedbackErrors {
			b.WriteString("\n- and " + strconv.Itoa(len(errs)-i) + " more errors")
			break
		}
		b.WriteString("\n- ")
		b.WriteString(e.about("member", "the answer"))
	}
	b.WriteString("\nAnswer again with only a JSON object that matches the format.")
	return b.String()
}
