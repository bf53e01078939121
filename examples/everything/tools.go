package main

//go:generate go tool toolgen -notes=toolgen_notes.txt

// The tools of the official MCP conformance suite's server scenarios
// (@modelcontextprotocol/conformance), each declared as toolgen declares
// any tool, with the names the scenarios call. Where a scenario needs what
// a toolgen handler cannot express yet, its handler (main.go) says so.

// TestSimpleTextArgs answers with a fixed text.
//
//toolgen:tool name=test_simple_text risk=read
type TestSimpleTextArgs struct{}

// TestImageContentArgs answers with an image.
//
//toolgen:tool name=test_image_content risk=read
type TestImageContentArgs struct{}

// TestAudioContentArgs answers with an audio clip.
//
//toolgen:tool name=test_audio_content risk=read
type TestAudioContentArgs struct{}

// TestEmbeddedResourceArgs answers with an embedded resource.
//
//toolgen:tool name=test_embedded_resource risk=read
type TestEmbeddedResourceArgs struct{}

// TestMultipleContentTypesArgs answers with a text, an image and an embedded resource.
//
//toolgen:tool name=test_multiple_content_types risk=read
type TestMultipleContentTypesArgs struct{}

// TestToolWithLoggingArgs logs three messages while it runs.
//
//toolgen:tool name=test_tool_with_logging risk=read
type TestToolWithLoggingArgs struct{}

// TestToolWithProgressArgs reports its progress while it runs.
//
//toolgen:tool name=test_tool_with_progress risk=read
type TestToolWithProgressArgs struct{}

// TestErrorHandlingArgs always fails.
//
//toolgen:tool name=test_error_handling risk=read
type TestErrorHandlingArgs struct{}

// TestSamplingArgs asks the client's model to complete a prompt.
//
//toolgen:tool name=test_sampling risk=read
type TestSamplingArgs struct {
	// The prompt to send to the model.
	Prompt string `json:"prompt"`
}

// TestElicitationArgs asks the user a question.
//
//toolgen:tool name=test_elicitation risk=dangerous
type TestElicitationArgs struct {
	// The message to show the user.
	Message string `json:"message"`
}

// TestElicitationSep1034DefaultsArgs asks the user for a form whose fields have defaults (SEP-1034).
//
//toolgen:tool name=test_elicitation_sep1034_defaults risk=read
type TestElicitationSep1034DefaultsArgs struct{}

// TestElicitationSep1330EnumsArgs asks the user for a form of enums, titled and multi-select (SEP-1330).
//
//toolgen:tool name=test_elicitation_sep1330_enums risk=read
type TestElicitationSep1330EnumsArgs struct{}

// DefaultsForm is the form test_elicitation_sep1034_defaults asks for:
// each member has a default (SEP-1034).
//
//toolgen:output form=true
type DefaultsForm struct {
	// User name
	Name string `json:"name,omitempty" jsonschema:"default=John Doe"`
	// User age
	Age int64 `json:"age,omitempty" jsonschema:"default=30"`
	// User score
	Score float64 `json:"score,omitempty" jsonschema:"default=95.5"`
	// User status
	Status UserStatus `json:"status,omitempty" jsonschema:"default=active"`
	// Verification status
	Verified bool `json:"verified,omitempty" jsonschema:"default=true"`
}

// UserStatus is a user's status: an enum without titles.
type UserStatus string

const (
	UserActive   UserStatus = "active"
	UserInactive UserStatus = "inactive"
	UserPending  UserStatus = "pending"
)

// EnumsForm is the form test_elicitation_sep1330_enums asks for: enums
// without and with titles, single and multi-select (SEP-1330).
//
//toolgen:output form=true
type EnumsForm struct {
	UntitledSingle Option        `json:"untitledSingle,omitempty"`
	TitledSingle   TitledValue   `json:"titledSingle,omitempty"`
	LegacyEnum     LegacyOption  `json:"legacyEnum,omitempty" jsonschema_extras:"enumNames=Option One,enumNames=Option Two,enumNames=Option Three"`
	UntitledMulti  []Option      `json:"untitledMulti,omitempty" jsonschema:"minItems=1,maxItems=3"`
	TitledMulti    []TitledValue `json:"titledMulti,omitempty" jsonschema:"minItems=1,maxItems=3"`
}

// Option is an option without a title.
type Option string

const (
	Option1 Option = "option1"
	Option2 Option = "option2"
	Option3 Option = "option3"
)

// TitledValue is an option whose title is its constant's comment.
type TitledValue string

const (
	Value1 TitledValue = "value1" // First Option
	Value2 TitledValue = "value2" // Second Option
	Value3 TitledValue = "value3" // Third Option
)

// LegacyOption is an option titled the way before SEP-1330: enumNames.
type LegacyOption string

const (
	Opt1 LegacyOption = "opt1"
	Opt2 LegacyOption = "opt2"
	Opt3 LegacyOption = "opt3"
)

// JSONSchema202012Args takes a contact: a phone or an email, the one its contactMethod names.
//
//toolgen:tool name=json_schema_2020_12_tool risk=read schema=json_schema_2020_12.schema.json dialects=openai,anthropic,mcp
type JSONSchema202012Args struct {
	Name          string        `json:"name"`
	Address       *Address      `json:"address"`
	ContactMethod ContactMethod `json:"contactMethod"`
	Phone         string        `json:"phone"`
	Email         string        `json:"email"`
}

// Address is a postal address.
type Address struct {
	Street string `json:"street"`
	City   string `json:"city"`
}

// ContactMethod is how to reach a contact.
type ContactMethod string

const (
	ByPhone ContactMethod = "phone"
	ByEmail ContactMethod = "email"
)

// TestReconnectionArgs closes its SSE stream while it runs; the client reconnects for the result (SEP-1699).
//
//toolgen:tool name=test_reconnection risk=read
type TestReconnectionArgs struct{}

// TestXMcpHeaderArgs takes an argument the client mirrors into an HTTP header (SEP-2243).
//
//toolgen:tool name=test_x_mcp_header risk=read
type TestXMcpHeaderArgs struct {
	// Mirrored into Mcp-Param-Region.
	Region string `json:"region,omitempty" jsonschema:"mcp_header=Region"`
	// Not mirrored.
	Level int `json:"level,omitempty"`
}

// TestMissingCapabilityArgs needs the client's sampling capability (SEP-2575).
//
//toolgen:tool name=test_missing_capability risk=read needs=sampling
type TestMissingCapabilityArgs struct{}

// TestStreamingElicitationArgs answers on a stream that carries no request of the server's (SEP-2575).
//
//toolgen:tool name=test_streaming_elicitation risk=read
type TestStreamingElicitationArgs struct{}

// TestLoggingToolArgs logs a message only when the client asked for logs (SEP-2575).
//
//toolgen:tool name=test_logging_tool risk=read
type TestLoggingToolArgs struct{}

// TestTriggerToolChangeArgs changes the list of tools.
//
//toolgen:tool name=test_trigger_tool_change
type TestTriggerToolChangeArgs struct{}

// TestTriggerPromptChangeArgs changes the list of prompts.
//
//toolgen:tool name=test_trigger_prompt_change
type TestTriggerPromptChangeArgs struct{}

// TransientArgs is added by test_trigger_tool_change.
//
//toolgen:tool name=__transient_tool_for_list_changed risk=read
type TransientArgs struct{}

// The multi round-trip requests (SEP-2322) of protocol 2026-07-28: each
// asks the client for input and completes once it has the answers.

// TestInputRequiredResultElicitationArgs asks for the caller's name.
//
//toolgen:tool name=test_input_required_result_elicitation risk=read
type TestInputRequiredResultElicitationArgs struct{}

// TestInputRequiredResultSamplingArgs asks the client's model a question.
//
//toolgen:tool name=test_input_required_result_sampling risk=read
type TestInputRequiredResultSamplingArgs struct{}

// TestInputRequiredResultListRootsArgs asks for the client's roots.
//
//toolgen:tool name=test_input_required_result_list_roots risk=read
type TestInputRequiredResultListRootsArgs struct{}

// TestInputRequiredResultRequestStateArgs asks for a confirmation and keeps its state in the request.
//
//toolgen:tool name=test_input_required_result_request_state risk=dangerous
type TestInputRequiredResultRequestStateArgs struct{}

// TestInputRequiredResultMultipleInputsArgs asks for a name, a completion and the roots at once.
//
//toolgen:tool name=test_input_required_result_multiple_inputs risk=read
type TestInputRequiredResultMultipleInputsArgs struct{}

// TestInputRequiredResultMultiRoundArgs asks two questions, one a round.
//
//toolgen:tool name=test_input_required_result_multi_round risk=read
type TestInputRequiredResultMultiRoundArgs struct{}

// TestInputRequiredResultTamperedStateArgs refuses a request state it did not sign.
//
//toolgen:tool name=test_input_required_result_tampered_state risk=dangerous
type TestInputRequiredResultTamperedStateArgs struct{}

// TestInputRequiredResultCapabilitiesArgs asks only for the input the client's capabilities cover.
//
//toolgen:tool name=test_input_required_result_capabilities risk=read
type TestInputRequiredResultCapabilitiesArgs struct{}

// UserName is the person's name, as a form.
//
//toolgen:output form=true name=user_name
type UserName struct {
	// Your name.
	Name string `json:"name"`
}

// Step1 is the first question of test_input_required_result_multi_round.
//
//toolgen:output form=true name=step1
type Step1 struct {
	// Your name.
	Name string `json:"name"`
}

// Step2 is its second question.
//
//toolgen:output form=true name=step2
type Step2 struct {
	// Your favorite color.
	Color string `json:"color"`
}
