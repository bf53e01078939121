package genaitool_test

import (
	"testing"

	"google.golang.org/genai"

	"github.com/toolgen-go/toolgen/runtime/genaitool"
)

// script reads a fuzzer's bytes as choices: each byte one, 0 once they
// run out, so that the empty input is the plainest stream.
type script struct {
	data []byte
	i    int
}

// IntN is n, as genaitool.PartialArgs chooses.
func (s *script) IntN(k int) int { return s.n(k) }

// n returns a choice in [0, k).
func (s *script) n(k int) int {
	if k <= 1 || s.i >= len(s.data) {
		return 0
	}
	b := s.data[s.i]
	s.i++
	return int(b) % k
}

// rare is true for one choice in k.
func (s *script) rare(k int) bool { return s.i < len(s.data) && s.n(k) == k-1 }

func pick[T any](s *script, xs ...T) T { return xs[s.n(len(xs))] }

// member is an argument of a generated call, in the order the model
// writes it.
type member struct {
	name  string
	value any
}

// generatedArgs are arguments for a tool of the fixtures, valid or not.
func generatedArgs(s *script, name string) []member {
	var ms []member
	switch name {
	case "send_email":
		ms = []member{{"to", pick(s, "ada@example.com", "ad", "bob@example.com")}, {"subject", pick(s, "Minutes", "", "Ré: 日本 \"q\"")}}
	case "get_forecast":
		ms = []member{{"city", pick(s, "Nice", "", "Lyon")}}
		if s.n(2) == 0 {
			ms = append(ms, member{"days", pick(s, 1.0, 3.0, 9.0, 2.5, -0.0, 1e21)})
		}
	case "delete_file":
		ms = []member{{"path", pick(s, "/srv/a", "tmp", "/srv/mail/Trash")}}
		if s.n(2) == 0 {
			ms = append(ms, member{"reason", "old"})
		}
	case "tag":
		ms = []member{{"path", "/srv/b"}, {"labels", pick[any](s, map[string]any{"owner": "ada"}, map[string]any{"a b": "x", "n": "y"}, "none")}}
	default:
		ms = []member{{"to", "ada@example.com"}}
	}
	if s.rare(6) {
		ms = append(ms, member{"cc", "eve@example.com"}) // a member no tool has
	}
	for i := range ms {
		// Members in any order.
		j := i + s.n(len(ms)-i)
		ms[i], ms[j] = ms[j], ms[i]
	}
	return ms
}

// callParts are the parts of one call: whole, or streamed as Vertex AI
// streams it, with now and then what makes its parts no whole call.
func callParts(s *script, id string) []*genai.Part {
	name := pick(s, "send_email", "get_forecast", "delete_file", "tag", "send_mail")
	ms := generatedArgs(s, name)
	if s.n(3) == 0 {
		args := map[string]any{}
		for _, m := range ms {
			args[m.name] = m.value
		}
		p := wholeCall(id, name, args)
		if s.rare(4) {
			p.FunctionCall.WillContinue = genai.Ptr(false)
		}
		return []*genai.Part{p}
	}
	var args []*genai.PartialArg
	for _, m := range ms {
		args = append(args, genaitool.PartialArgs(s, "$."+m.name, m.value)...)
	}
	if i := s.n(len(args)); len(args) > 0 && s.rare(10) {
		args = append(args, args[i]) // a value twice
	}
	if i := s.n(len(args)); len(args) > 0 && args[i].NumberValue == nil && s.rare(10) {
		args[i].WillContinue = genai.Ptr(true) // a string whose next piece never comes
	}
	n := s.n(min(len(args), 3) + 1)
	parts := []*genai.Part{opening(id, name, args[:n]...)}
	if s.rare(12) {
		parts[0].FunctionCall.Args = map[string]any{"to": "eve@example.com"}
	}
	args = args[n:]
	for len(args) > 0 {
		k := 1 + s.n(len(args))
		p := more(args[:k]...)
		if s.rare(12) {
			p.FunctionCall.ID = pick(s, id, "fc-other")
		}
		parts = append(parts, p)
		args = args[k:]
	}
	switch {
	case s.rare(10):
		// The end never comes.
	case len(parts) > 1 && s.n(2) == 0:
		parts[len(parts)-1].FunctionCall.WillContinue = nil // the last values end the call
	default:
		parts = append(parts, last())
	}
	if s.rare(16) {
		parts = append(parts, last(str("$.subject", "Stray", false))) // arguments of no call
	}
	return parts
}

// generatedStream is a stream of chunks: calls, text, finish reasons
// (STOP mostly, at the end; now and then MAX_TOKENS, SAFETY, none, or STOP
// before the last chunk).
func generatedStream(s *script) []*genai.GenerateContentResponse {
	var parts []*genai.Part
	if s.n(3) == 0 {
		parts = append(parts, genai.NewPartFromText("Let me see."))
	}
	for i := range 1 + s.n(4) {
		parts = append(parts, callParts(s, "fc-"+string(rune('a'+i)))...)
	}
	for range s.n(4) {
		if s.rare(3) && len(parts) > 1 {
			// Parts of calls interleaved.
			i := s.n(len(parts) - 1)
			parts[i], parts[i+1] = parts[i+1], parts[i]
		}
	}
	var chunks []*genai.GenerateContentResponse
	for len(parts) > 0 {
		k := 1 + s.n(min(len(parts), 3))
		chunks = append(chunks, chunk("", parts[:k]...))
		parts = parts[k:]
	}
	switch s.n(8) {
	case 1:
		chunks[len(chunks)-1].Candidates[0].FinishReason = pick(s, genai.FinishReasonMaxTokens, genai.FinishReasonSafety, genai.FinishReasonMalformedFunctionCall)
	case 2:
		// Cut before a finish reason.
	case 3:
		chunks[s.n(len(chunks))].Candidates[0].FinishReason = genai.FinishReasonStop // STOP, maybe mid-stream
	case 4:
		chunks = append(chunks, chunk(genai.FinishReasonStop))
	default:
		chunks[len(chunks)-1].Candidates[0].FinishReason = genai.FinishReasonStop
	}
	return chunks
}

// What a stream runs is what Run runs on the content it returns, with the
// stream's finish reason, or nothing; every call of the content is
// answered. The streams are Vertex AI's, random but well formed as the
// SDK's types, served through the SDK's client: whole calls, partialArgs
// in pieces, several calls, strings whose last piece never comes, values
// sent twice, ends that never come, interleaved parts, stray pieces,
// finish reasons mid-stream and MAX_TOKENS.
func FuzzStreamIsRun(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{3, 1, 1, 0, 0, 1, 2, 3, 1, 0, 5, 2, 2, 1, 0, 0, 7, 1})
	f.Add([]byte("streamed calls, interleaved, cut: a seed of choices"))
	f.Add([]byte{0, 2, 1, 1, 1, 11, 11, 11, 11, 9, 9, 9, 9, 15, 15, 2, 2, 2, 2, 2})
	f.Fuzz(func(t *testing.T, data []byte) {
		chunks := generatedStream(&script{data: data})
		if !checkStreamIsRun(t, streamAndRun(t, chunks)) {
			for i, c := range chunks {
				t.Logf("chunk %d: %s", i, sseLine(t, c))
			}
		}
	})
}
