package tool

import (
	"context"
	"encoding/json"
	"time"

	"github.com/toolgen-go/toolgen/runtime/internal/jsonvalue"
)

// Def is a tool's definition together with the Go type of its arguments.
// toolgen generates one per annotated struct T:
//
//	var GetWeatherTool = tool.Def[GetWeatherArgs]{Tool: tool.Tool{...}, Decode: DecodeGetWeatherArgs, Decoder: ...}
//
// The embedded Tool is what a package's Tools list holds.
type Def[T any] struct {
	Tool
	// Decode validates a model's arguments and, when they are valid, returns
	// them as a T; otherwise the zero T and the errors (at most
	// DefaultMaxErrors, then CodeTooManyErrors).
	Decode func(args map[string]any) (T, Errors)
	// Decoder does what Decode does, with a limit on the errors the caller
	// chooses, and from the raw JSON of a call as well, in one pass: it
	// reads args or, when args is nil, raw. A Set uses it (with its
	// WithMaxErrors limit), and streams with it (Def.Stream); toolgen
	// generates it, with a signature for generated code only. A Def
	// written by hand leaves it nil: a Set then parses the raw arguments
	// with ParseArgs and calls Decode (or, without Decode, validates with
	// Validate and decodes with encoding/json).
	Decoder decoder[T]
}

// decoder reads a tool's arguments into a T, checking every constraint of
// the tool's schema: from args, a map as encoding/json or an SDK decoded
// it, or, when args is nil, from raw, the JSON a provider's tool call
// carries, in one pass with no map in between (returning exactly what
// ParseArgs and then the map's decoding return for the same bytes), and,
// when feed is not nil, from the bytes of a streamed call as they arrive
// after raw (see Def.Stream). It returns the zero T and the errors when the
// arguments are not valid: at most maxErrors (DefaultMaxErrors when
// maxErrors <= 0), then one CodeTooManyErrors.
type decoder[T any] func(args map[string]any, raw []byte, feed *streamFeed, maxErrors int) (T, Errors)

// Handle binds fn to the tool, for NewSet. A Set calls fn with the decoded
// arguments of each call it executes, and only of those: the compiler checks
// that fn takes this tool's argument type. Whatever fn returns is the call's
// output; an error it returns is shown to the model (see Result.Feedback).
func (d *Def[T]) Handle(fn func(ctx context.Context, args T) (any, error)) Handler {
	if fn == nil {
		panic("tool: Handle of " + d.Name + " with a nil function")
	}
	return bind(d, func(ctx context.Context, args T) (any, []Content, error) {
		out, err := fn(ctx, args)
		return out, nil, err
	})
}

// HandleContent binds fn to the tool, as Handle does; fn returns content
// items (Text, Image, Audio, Resource, ResourceBlob, ResourceLink) beside
// its output, or in place of it with a nil output:
//
//	ChartTool.HandleContent(func(ctx context.Context, a ChartArgs) (any, []tool.Content, error) {
//		png, err := render(a)
//		if err != nil {
//			return nil, nil, err
//		}
//		return nil, []tool.Content{tool.Text("Sales in " + a.Year), tool.Image(png, "image/png")}, nil
//	})
//
// The model reads the output first, then the items in order (see
// Result.Items). A Set checks the items when fn returns: at most 16, of at
// most 3 MiB in all, each well formed (an image or audio with bytes and an
// image/* or audio/* media type, data that is what its media type says as
// far as its first bytes tell (see Content), a resource with an absolute
// URI, text in UTF-8, ...); otherwise the call fails with code bad_result, and the model
// reads what was wrong: nothing is cut. The Set keeps the items' slices: do
// not change them after fn returns. Content of a call that returns an
// error is dropped.
func (d *Def[T]) HandleContent(fn func(ctx context.Context, args T) (any, []Content, error)) Handler {
	if fn == nil {
		panic("tool: HandleContent of " + d.Name + " with a nil function")
	}
	return bind(d, fn)
}

// bind makes the Handler of d and fn. It is a function: every method of
// Def[T] is compiled again for each tool's type, in the tool's package.
func bind[T any](d *Def[T], fn func(ctx context.Context, args T) (any, []Content, error)) Handler {
	dec, onePass := d.Decoder, d.Decoder != nil
	if dec == nil {
		dec = mapDecoder(d)
	}
	return Handler{
		tool:    &d.Tool,
		onePass: onePass,
		decode: func(args map[string]any, raw []byte, feed *streamFeed, maxErrors int) (any, Errors) {
			v, errs := dec(args, raw, feed, maxErrors)
			if errs != nil {
				return nil, errs
			}
			return &callArgs[T]{v: v}, nil
		},
		run:   func(ctx context.Context, a any) (any, []Content, error) { return fn(ctx, a.(*callArgs[T]).v) },
		value: func(a any) any { return a.(*callArgs[T]).v },
		context: func(a any, parent context.Context, began, limit time.Duration) *callContext {
			// Each call decodes its own callArgs, whose context is zero
			// until here: three fields to set, not a whole callContext to copy.
			c := &a.(*callArgs[T]).ctx
			c.Context, c.began, c.limit = parent, began, limit
			return c
		},
	}
}

// callArgs holds the decoded arguments of a call between its stages, and
// the context its handler runs with: one allocation for both.
type callArgs[T any] struct {
	v   T
	ctx callContext
}

// mapDecoder is the Decoder of a Def without one: raw arguments go through
// ParseArgs, and the map through the Def's Decode, or Validate and
// encoding/json. What needs no T is in functions, which are compiled once,
// not for each type.
func mapDecoder[T any](d *Def[T]) decoder[T] {
	return func(args map[string]any, raw []byte, feed *streamFeed, maxErrors int) (v T, errs Errors) {
		if args, errs = argsMap(args, raw, feed); errs != nil {
			return v, errs
		}
		if d.Decode != nil {
			v, errs = d.Decode(args)
		} else {
			errs = jsonDecode(d.Validate, args, &v)
		}
		if errs = capErrors(errs, maxErrors); len(errs) > 0 {
			return *new(T), errs
		}
		return v, nil
	}
}

// argsMap returns the arguments of a call as a map: args, or, when args is
// nil, raw and what feed streams after it, parsed.
func argsMap(args map[string]any, raw []byte, feed *streamFeed) (map[string]any, Errors) {
	if feed != nil {
		// No decoder reads the stream as it comes: read it whole.
		raw = append(raw, feed.All()...)
	}
	if args == nil {
		return ParseArgs(raw)
	}
	return args, nil
}

// jsonDecode decodes args into *into, a pointer, through encoding/json, for
// a Def written by hand without a Decode function.
func jsonDecode(validate func(map[string]any) Errors, args map[string]any, into any) Errors {
	if validate != nil {
		if errs := validate(args); len(errs) > 0 {
			return errs
		}
	}
	// encoding/json follows a value built by hand as deep as it goes, and
	// only notices a cycle a thousand levels down: bound the walk first.
	if jsonvalue.NestsDeeper(args, maxNesting) {
		return Errors{depthError(maxNesting)}
	}
	b, err := json.Marshal(args)
	if err == nil {
		err = json.Unmarshal(b, into)
	}
	if err != nil {
		return Errors{{Code: CodeType, Reason: "the arguments do not decode: " + err.Error()}}
	}
	return nil
}

// Handler is a tool bound to the function that executes it. Make one with
// Def.Handle and give it to NewSet, of which it is an Option.
type Handler struct {
	tool *Tool
	// decode returns the decoded arguments as a *callArgs[T], which run,
	// value and context take.
	decode   func(args map[string]any, raw []byte, feed *streamFeed, maxErrors int) (any, Errors) // raw (and feed) when args is nil
	run      func(context.Context, any) (any, []Content, error)
	value    func(any) any                                                                // the T
	context  func(a any, parent context.Context, began, limit time.Duration) *callContext // see callContext
	timeout  time.Duration                                                                // 0: the set's; < 0: none
	isolated bool
	onePass  bool // decode reads raw arguments without making their map
}

// Tool returns the handler's tool.
func (h Handler) Tool() *Tool { return h.tool }

// Timeout returns h with its own time limit for each execution, in place of
// the set's (see WithTimeout). A negative d means no limit.
func (h Handler) Timeout(d time.Duration) Handler {
	if d == 0 {
		d = -1
	}
	h.timeout = d
	return h
}

// Isolated returns h running each execution in a goroutine of its own, so
// that a call returns at its time limit even when the handler does not
// honour its context (its late outcome is then logged and discarded). A
// Handler that is not isolated runs on the caller's goroutine: its context
// ends at the time limit, and a call ends when the handler returns. An
// isolated handler costs a goroutine and a timer per call: isolate the
// handlers of code that may block without watching its context.
func (h Handler) Isolated() Handler {
	h.isolated = true
	return h
}

func (h Handler) apply(s *Set) {
	if h.tool == nil || h.run == nil {
		panic("tool: NewSet given a Handler not made by Def.Handle")
	}
	if _, dup := s.handlers[h.tool.Name]; dup {
		panic("tool: NewSet given two handlers for the tool " + h.tool.Name)
	}
	s.handlers[h.tool.Name] = &h
	s.tools = append(s.tools, h.tool)
	s.names, s.ordered = append(s.names, h.tool.Name), append(s.ordered, &h)
}
