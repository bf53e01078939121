// Package behaviour holds the dump of what the generated code of the
// examples and of the library's test packages does (see
// internal/testkit/dump), one file per package under testdata: this test
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
	"github.com/toolgen-go/toolgen/internal/fixtures/adapters"
	"github.com/toolgen-go/toolgen/internal/fixtures/decode"
	"github.com/toolgen-go/toolgen/internal/fixtures/dialects"
	"github.com/toolgen-go/toolgen/internal/fixtures/hostile"
	"github.com/toolgen-go/toolgen/internal/fixtures/suite"
	"github.com/toolgen-go/toolgen/internal/testkit/dump"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

func TestBehaviour(t *testing.T) {
	for _, p := range []struct {
		pkg   string
		tools tool.Tools
		add   func(r *dump.Recorder)
	}{
		{"./examples/agent", agent.Tools, func(r *dump.Recorder) {
			dump.Tool(r, &agent.ReadFileTool, agent.DecodeReadFileArgsJSON)
			dump.Tool(r, &agent.SearchDocsTool, agent.DecodeSearchDocsArgsJSON)
			dump.Tool(r, &agent.CreateEventTool, agent.DecodeCreateEventArgsJSON)
			dump.Tool(r, &agent.SQLQueryTool, agent.DecodeSQLQueryArgsJSON)
			dump.Tool(r, &agent.RunCommandTool, agent.DecodeRunCommandArgsJSON)
			dump.Tool(r, &agent.HTTPRequestTool, agent.DecodeHTTPRequestArgsJSON)
			dump.Tool(r, &agent.ListIssuesTool, agent.DecodeListIssuesArgsJSON)
		}},
		{"./examples/bench", bench.Tools, func(r *dump.Recorder) {
			dump.Tool(r, &bench.GetWeatherTool, bench.DecodeGetWeatherArgsJSON)
			dump.Tool(r, &bench.SaveOutlineTool, bench.DecodeSaveOutlineArgsJSON)
			dump.Tool(r, &bench.CreateTicketTool, bench.DecodeCreateTicketArgsJSON)
		}},
		{"./examples/travel", travel.Tools, func(r *dump.Recorder) {
			dump.ResultTool(r, &travel.SearchFlightsTool, travel.DecodeSearchFlightsArgsJSON)
			dump.ResultTool(r, &travel.BookFlightTool, travel.DecodeBookFlightArgsJSON)
			dump.ResultTool(r, &travel.GetBookingTool, travel.DecodeGetBookingArgsJSON)
		}},
		{"./internal/fixtures/dialects", dialects.Tools, func(r *dump.Recorder) {
			dump.Tool(r, &dialects.PricingTool, dialects.DecodePricingArgsJSON)
			dump.Tool(r, &dialects.OrderTool, dialects.DecodeOrderArgsJSON)
			dump.Tool(r, &dialects.TreeTool, dialects.DecodeTreeArgsJSON)
			dump.Tool(r, &dialects.LabelTool, dialects.DecodeLabelArgsJSON)
			dump.Tool(r, &dialects.ContactTool, dialects.DecodeContactArgsJSON)
			dump.Tool(r, &dialects.PingTool, dialects.DecodePingArgsJSON)
			dump.Tool(r, &dialects.AuditTool, dialects.DecodeAuditArgsJSON)
			dump.Tool(r, &dialects.SignupTool, dialects.DecodeSignupArgsJSON)
			dump.Tool(r, &dialects.SurveyTool, dialects.DecodeSurveyArgsJSON)
			dump.ResultTool(r, &dialects.ShipTool, dialects.DecodeShipArgsJSON)
			dump.Output(r, &dialects.ProfileOutput, dialects.DecodeProfileJSON)
			dump.Output(r, &dialects.CatalogOutput, dialects.DecodeCatalogJSON)
		}},
		{"./internal/fixtures/decode", decode.Tools, func(r *dump.Recorder) {
			// The unexported empty tool gets its definitions and its map
			// validation only.
			dump.Tool(r, &decode.ScalarsTool, decode.DecodeScalarsArgsJSON)
			dump.Tool(r, &decode.ShapesTool, decode.DecodeShapesArgsJSON)
			dump.Tool(r, &decode.NodeTool, decode.DecodeNodeJSON)
			dump.Tool(r, &decode.MethodsTool, decode.DecodeMethodsArgsJSON)
			dump.Tool(r, &decode.NumbersTool, decode.DecodeNumbersArgsJSON)
			dump.Tool(r, &decode.BoundsTool, decode.DecodeBoundsArgsJSON)
			dump.Tool(r, &decode.RefundTool, decode.DecodeRefundArgsJSON)
		}},
		{"./internal/fixtures/adapters", adapters.Tools, func(r *dump.Recorder) {
			dump.ResultTool(r, &adapters.GetForecastTool, adapters.DecodeGetForecastArgsJSON)
			dump.Tool(r, &adapters.DeleteFileTool, adapters.DecodeDeleteFileArgsJSON)
			dump.Tool(r, &adapters.TagTool, adapters.DecodeTagArgsJSON)
			dump.Output(r, &adapters.InvoiceOutput, adapters.DecodeInvoiceJSON)
			dump.Output(r, &adapters.ReceiptOutput, adapters.DecodeReceiptJSON)
		}},
		{"./internal/fixtures/hostile", hostile.Tools, func(r *dump.Recorder) {
			dump.Tool(r, &hostile.SaveTreeTool, hostile.DecodeTreeArgsJSON)
			dump.Tool(r, &hostile.SetLabelsTool, hostile.DecodeLabelsArgsJSON)
			dump.Tool(r, &hostile.DeleteFilesTool, hostile.DecodeDeleteArgsJSON)
			dump.Tool(r, &hostile.TransferTool, hostile.DecodeTransferArgsJSON)
			dump.Validator(r, "bounds", readFile(t, "../../../internal/fixtures/hostile/bounds.json"), hostile.ValidateBounds)
		}},
		{"./internal/fixtures/suite", nil, func(r *dump.Recorder) {
			seeds := fuzzSeeds(t, "../../../internal/fixtures/suite/testdata/fuzz/FuzzSuite", len(suite.Schemas))
			for i, s := range suite.Schemas {
				schema := readFile(t, filepath.Join("../../../internal/fixtures/suite/schemas", s.Name+".json"))
				dump.Validator(r, s.Name, schema, s.Validate, seeds[i]...)
			}
		}},
	} {
		name := path.Base(p.pkg)
		t.Run(name, func(t *testing.T) {
			r := dump.New(p.pkg)
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
