// Package behaviour holds the dump of what the generated code of the
// examples and of the library's test packages does (see
// internal/behaviourtest), one file per package under testdata: this test
// writes the importable packages' files; each main package of the examples
// (weather, robot, planner, extract) writes its own here with a test of its
// own, and runtime/tool/internal/arm, importable only from runtime/tool,
// writes testdata/behaviour.txt next to it.
package behaviour

import (
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/examples/agent"
	"github.com/toolgen-go/toolgen/examples/bench"
	"github.com/toolgen-go/toolgen/examples/travel"
	"github.com/toolgen-go/toolgen/internal/adaptertest"
	"github.com/toolgen-go/toolgen/internal/behaviourtest"
	"github.com/toolgen-go/toolgen/internal/corpus"
	"github.com/toolgen-go/toolgen/internal/decodetest"
	"github.com/toolgen-go/toolgen/internal/hostile"
	"github.com/toolgen-go/toolgen/internal/suitefuzz"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

func TestBehaviour(t *testing.T) {
	for _, p := range []struct {
		pkg   string
		tools tool.Tools
		add   func(r *behaviourtest.Recorder)
	}{
		{"./examples/agent", agent.Tools, func(r *behaviourtest.Recorder) {
			behaviourtest.Tool(r, &agent.ReadFileTool, agent.DecodeReadFileArgsJSON)
			behaviourtest.Tool(r, &agent.SearchDocsTool, agent.DecodeSearchDocsArgsJSON)
			behaviourtest.Tool(r, &agent.CreateEventTool, agent.DecodeCreateEventArgsJSON)
			behaviourtest.Tool(r, &agent.SQLQueryTool, agent.DecodeSQLQueryArgsJSON)
			behaviourtest.Tool(r, &agent.RunCommandTool, agent.DecodeRunCommandArgsJSON)
			behaviourtest.Tool(r, &agent.HTTPRequestTool, agent.DecodeHTTPRequestArgsJSON)
			behaviourtest.Tool(r, &agent.ListIssuesTool, agent.DecodeListIssuesArgsJSON)
		}},
		{"./examples/bench", bench.Tools, func(r *behaviourtest.Recorder) {
			behaviourtest.Tool(r, &bench.GetWeatherTool, bench.DecodeGetWeatherArgsJSON)
			behaviourtest.Tool(r, &bench.SaveOutlineTool, bench.DecodeSaveOutlineArgsJSON)
			behaviourtest.Tool(r, &bench.CreateTicketTool, bench.DecodeCreateTicketArgsJSON)
		}},
		{"./examples/travel", travel.Tools, func(r *behaviourtest.Recorder) {
			behaviourtest.ResultTool(r, &travel.SearchFlightsTool, travel.DecodeSearchFlightsArgsJSON)
			behaviourtest.ResultTool(r, &travel.BookFlightTool, travel.DecodeBookFlightArgsJSON)
			behaviourtest.ResultTool(r, &travel.GetBookingTool, travel.DecodeGetBookingArgsJSON)
		}},
		{"./internal/corpus", corpus.Tools, func(r *behaviourtest.Recorder) {
			behaviourtest.Tool(r, &corpus.PricingTool, corpus.DecodePricingArgsJSON)
			behaviourtest.Tool(r, &corpus.OrderTool, corpus.DecodeOrderArgsJSON)
			behaviourtest.Tool(r, &corpus.TreeTool, corpus.DecodeTreeArgsJSON)
			behaviourtest.Tool(r, &corpus.LabelTool, corpus.DecodeLabelArgsJSON)
			behaviourtest.Tool(r, &corpus.ContactTool, corpus.DecodeContactArgsJSON)
			behaviourtest.Tool(r, &corpus.PingTool, corpus.DecodePingArgsJSON)
			behaviourtest.Tool(r, &corpus.AuditTool, corpus.DecodeAuditArgsJSON)
			behaviourtest.Tool(r, &corpus.SignupTool, corpus.DecodeSignupArgsJSON)
			behaviourtest.Tool(r, &corpus.SurveyTool, corpus.DecodeSurveyArgsJSON)
			behaviourtest.ResultTool(r, &corpus.ShipTool, corpus.DecodeShipArgsJSON)
			behaviourtest.Output(r, &corpus.ProfileOutput, corpus.DecodeProfileJSON)
			behaviourtest.Output(r, &corpus.CatalogOutput, corpus.DecodeCatalogJSON)
		}},
		{"./internal/decodetest", decodetest.Tools, func(r *behaviourtest.Recorder) {
			// The unexported empty tool gets its definitions and its map
			// validation only.
			behaviourtest.Tool(r, &decodetest.ScalarsTool, decodetest.DecodeScalarsArgsJSON)
			behaviourtest.Tool(r, &decodetest.ShapesTool, decodetest.DecodeShapesArgsJSON)
			behaviourtest.Tool(r, &decodetest.NodeTool, decodetest.DecodeNodeJSON)
			behaviourtest.Tool(r, &decodetest.MethodsTool, decodetest.DecodeMethodsArgsJSON)
			behaviourtest.Tool(r, &decodetest.NumbersTool, decodetest.DecodeNumbersArgsJSON)
			behaviourtest.Tool(r, &decodetest.BoundsTool, decodetest.DecodeBoundsArgsJSON)
		}},
		{"./internal/adaptertest", adaptertest.Tools, func(r *behaviourtest.Recorder) {
			behaviourtest.ResultTool(r, &adaptertest.GetForecastTool, adaptertest.DecodeGetForecastArgsJSON)
			behaviourtest.Tool(r, &adaptertest.DeleteFileTool, adaptertest.DecodeDeleteFileArgsJSON)
			behaviourtest.Tool(r, &adaptertest.TagTool, adaptertest.DecodeTagArgsJSON)
			behaviourtest.Output(r, &adaptertest.InvoiceOutput, adaptertest.DecodeInvoiceJSON)
			behaviourtest.Output(r, &adaptertest.ReceiptOutput, adaptertest.DecodeReceiptJSON)
		}},
		{"./internal/hostile", hostile.Tools, func(r *behaviourtest.Recorder) {
			behaviourtest.Tool(r, &hostile.SaveTreeTool, hostile.DecodeTreeArgsJSON)
			behaviourtest.Tool(r, &hostile.SetLabelsTool, hostile.DecodeLabelsArgsJSON)
			behaviourtest.Tool(r, &hostile.DeleteFilesTool, hostile.DecodeDeleteArgsJSON)
			behaviourtest.Tool(r, &hostile.TransferTool, hostile.DecodeTransferArgsJSON)
			behaviourtest.Validator(r, "bounds", readFile(t, "../../../internal/hostile/bounds.json"), hostile.ValidateBounds)
		}},
		{"./internal/suitefuzz", nil, func(r *behaviourtest.Recorder) {
			seeds := fuzzSeeds(t, "../../../internal/suitefuzz/testdata/fuzz/FuzzSuite", len(suitefuzz.Schemas))
			for i, s := range suitefuzz.Schemas {
				schema := readFile(t, filepath.Join("../../../internal/suitefuzz/schemas", s.Name+".json"))
				behaviourtest.Validator(r, s.Name, schema, s.Validate, seeds[i]...)
			}
		}},
	} {
		name := path.Base(p.pkg)
		t.Run(name, func(t *testing.T) {
			r := behaviourtest.New(p.pkg)
			p.add(r)
			r.Check(t, p.tools, filepath.Join("testdata", name+".txt"))
		})
	}
}

func readFile(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	return data
}

// fuzzSeeds reads the seed corpus of a fuzz target whose one []byte
// argument's first byte picks one of n schemas, and returns the instances
// of each schema, in the order of the files' names.
func fuzzSeeds(t *testing.T, dir string, n int) [][][]byte {
	t.Helper()
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	require.NotEmpty(t, entries)
	seeds := make([][][]byte, n)
	for _, e := range entries {
		data := readFile(t, filepath.Join(dir, e.Name()))
		lines := strings.Split(strings.TrimSpace(string(data)), "\n")
		require.Len(t, lines, 2, e.Name())
		require.Equal(t, "go test fuzz v1", lines[0], e.Name())
		lit, ok := strings.CutPrefix(lines[1], "[]byte(")
		require.True(t, ok, e.Name())
		arg, err := strconv.Unquote(strings.TrimSuffix(lit, ")"))
		require.NoError(t, err, e.Name())
		if len(arg) == 0 {
			continue
		}
		i := int(arg[0]) % n
		seeds[i] = append(seeds[i], []byte(arg[1:]))
	}
	return seeds
}
