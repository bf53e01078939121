// Package tool is the runtime of the tools toolgen generates: what an
// application uses to offer its tools to a model and to run the calls the
// model makes. It depends on the standard library only.
//
// # Tools
//
// For each struct type T annotated //toolgen:tool, toolgen generates a
// Def[T], such as GetWeatherTool. Its Tool holds the tool's Name,
// Description and Risk, what its handler needs of an MCP client (Needs,
// from needs=), the JSON Schema of its arguments (Schema), the
// generated validator (Validate), and its definition in the form of each
// provider's API (Dialects): OpenAI's Chat Completions and Responses APIs,
// Anthropic, Gemini, MCP. Each definition is in the strictest form its
// provider accepts: OpenAI's and Anthropic's strict modes and Gemini's
// parameters where they can express the schema, else OpenAI with "strict":
// false, Anthropic without "strict" and Gemini's parametersJsonSchema;
// Definition.Form says which, Definition.Fallback why. The package's Tools
// variable lists its tools; Tools.For returns the tools array of a request
// in one dialect.
//
// A tool whose directive names its result type R (result=R) is a
// ResultDef[T, R]: its Tool has the JSON Schema of R (ResultSchema, the MCP
// definition's outputSchema) and its validator (ValidateResult), and its
// Handle takes a function that returns an R.
//
// # Structured outputs
//
// For each struct type O annotated //toolgen:output, toolgen generates an
// OutputDef[O], such as InvoiceOutput: the shape of a model's whole answer.
// Its Formats hold the response format of each provider (OpenAI's
// response_format and text.format, Anthropic's output_config.format,
// Gemini's responseSchema), each in the strictest form the provider
// accepts; Parse checks and decodes an answer, Feedback renders what is
// wrong for the model's next turn.
//
// # Sets
//
// A Set runs the calls a model makes. NewSet takes a handler per tool,
// bound with Def.Handle to a function that receives the tool's arguments as
// a T, checked by the compiler:
//
//	set := tool.NewSet(
//		weather.GetWeatherTool.Handle(func(ctx context.Context, a weather.GetWeatherArgs) (any, error) {
//			return forecast(ctx, a.City, a.Days)
//		}),
//		tool.WithLogger(auditLog),
//	)
//	res := set.Call(ctx, call.Name, []byte(call.Arguments), tool.CallID(call.ID))
//	// Send res.Feedback() back as the tool's result (or res.OpenAI(),
//	// res.Anthropic(), res.MCP(), shaped for each API).
//
// Every call takes the same path, closed by default: the arguments are
// parsed (bad_json, too_large), the tool must be in the set (unknown_tool),
// the arguments must be valid (the validator's errors, at most
// DefaultMaxErrors of them, then one CodeTooManyErrors) and are decoded into
// T; a tool that is not idempotent runs once per request id (RequestID);
// the application's policies may refuse the call (WithPolicy, PolicyFor,
// Deny); a dangerous tool waits for a person's approval of that exact call
// (Approve, or Ask within the call); the handler runs with a time limit; and an audit record is
// logged whatever happened, a panic in any stage included. The JSON of a
// typed result is checked against its schema (bad_result when it does not
// match). A Result says what happened (Status), why a call was refused
// (Errors) and what the handler returned (Output, and Structured, its
// checked JSON). A call that is refused never reaches a handler. The
// modules runtime/openaitool, runtime/anthropictool, runtime/genaitool and
// runtime/mcptool connect a Set to each provider's SDK in one call. The
// replicas of a service share an approval key and a Store
// (runtime/redisstore keeps one in Redis; runtime/tool/storetest checks
// one against the contract); an Observer (WithObserver; runtime/oteltool
// for OpenTelemetry) watches every call.
//
// While it runs, a handler reports its progress and logs through its
// context (ReportProgress, Log): the set bounds the reports and hands them
// to its audit log, to its observer when that is a Reporter, and to the
// Reporter the call's context carries (WithReporter), as runtime/mcptool
// installs one to send them to the MCP client.
//
// # Errors
//
// Errors lists everything wrong with a call, each Error with a code (the
// JSON Schema keyword that failed, or missing, unexpected, type,
// unknown_tool ...), a JSON Pointer to the value, the name a model reads
// (coords.lat), what was expected and what was received. It renders as a
// program, a person or a model needs it: Codes gives sorted "code:name"
// strings, stable for tests and logs; Messages one English sentence per
// error, for a model that reads prose; JSON the structured list, for a
// model or a program; the first error is the one a validator that stops
// early would report (missing members, then unexpected ones, then values).
// Result.Feedback adds what to do next: correct the arguments and retry,
// pick another tool, do not repeat a refused call.
//
// Every code an application compares is a constant of type Code: a
// validator's codes other than keywords (CodeMissing, CodeType, ...),
// ParseArgs' (CodeBadJSON, ...), those of a Set's other stages
// (CodeTimeout, CodeDeclined, CodeOverloaded, CodeApprovalExpired,
// CodeStateUsed, ...), a Guard's (CodeStopped, CodeTooManyCalls) and a
// Stop's (CodeMaxSteps, ...); a policy's denial carries the code it gave
// Deny.
//
// # Agent loops
//
// A Guard bounds a loop in which a model calls tools and reads their
// results: a number of steps, a time budget, the same failing call made
// again and again, and the calls one step runs (32 by default). Calls made
// through it (Guard.Call, Guard.CallArgs) stop running the moment it stops
// the loop; each is still answered, with code stopped or too_many_calls.
//
// # Limits and guarantees
//
// Every bound holds for any input, a model's call or a value built by hand:
// no rendering lets a name or value start a line of its own, a call's raw
// arguments, its errors, the calls in flight, a handler's time and output
// are bounded, and no panic escapes Call, CallArgs or CallJSON (it is a
// result with code panic). Each bound has a default, stated on the option
// that changes it (WithMaxArgumentSize, WithMaxErrors, WithMaxInFlight,
// WithTimeout, WithDedupeWindow, WithApprovalLifetime), and a test with
// hostile input; the guide lists them all with their measured costs:
// https://github.com/toolgen-go/toolgen/blob/main/docs/limits.md. The other
// guides (providers, safe execution, MCP, streaming, running a fleet) are
// beside it under docs/.
//
// # Generated code
//
// The package runtime/toolimpl holds what generated code calls to build a
// tool's definitions and to check and decode arguments; applications do not
// use it.
package tool
