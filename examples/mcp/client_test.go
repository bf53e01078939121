package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	travelclient "github.com/toolgen-go/toolgen/examples/mcp/travelclient"
	"github.com/toolgen-go/toolgen/examples/travel"
	"github.com/toolgen-go/toolgen/gen"
	"github.com/toolgen-go/toolgen/runtime/mcptool"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// The committed client is what `toolgen client` generates from the server,
// asked over stdio (as its go:generate line does) and over streamable HTTP
// (JSON responses and event streams, with a session and without).
func TestClientRegenerates(t *testing.T) {
	committed, err := os.ReadFile("travelclient/client_gen.go")
	require.NoError(t, err)
	generate := func(t *testing.T, list []byte) {
		t.Helper()
		files, err := gen.GenerateClient(gen.Client{Tools: list, Source: "server", Output: "travelclient/client_gen.go", Package: "travelclient"})
		require.NoError(t, err)
		require.Len(t, files, 1)
		assert.Empty(t, files[0].Notes)
		assert.Equal(t, string(committed), string(files[0].Content), "go generate ./examples/mcp/...")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	t.Run("stdio", func(t *testing.T) {
		server := filepath.Join(t.TempDir(), "travel-mcp")
		if out, err := exec.Command("go", "build", "-o", server, ".").CombinedOutput(); err != nil {
			t.Fatalf("go build: %v\n%s", err, out)
		}
		list, err := gen.ListCommand(ctx, []string{server}, "")
		require.NoError(t, err)
		generate(t, list)
	})
	for _, c := range []struct {
		name  string
		opts  mcp.StreamableHTTPOptions
		pages int // the server's page size: 1 lists a tool a page
	}{
		{"event stream, a tool a page", mcp.StreamableHTTPOptions{}, 1},
		{"JSON", mcp.StreamableHTTPOptions{JSONResponse: true}, 0},
		{"stateless event stream", mcp.StreamableHTTPOptions{Stateless: true}, 0},
		{"stateless JSON, a tool a page", mcp.StreamableHTTPOptions{Stateless: true, JSONResponse: true}, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			server := mcp.NewServer(&mcp.Implementation{Name: "travel", Version: "v1.0.0"}, &mcp.ServerOptions{PageSize: c.pages})
			require.NoError(t, mcptool.Register(server, travel.NewAirline().NewSet(tool.WithLogger(slog.New(slog.DiscardHandler)))))
			c.opts.Logger = slog.New(slog.DiscardHandler)
			handler := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return server }, &c.opts)
			lists := 0
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				body, _ := io.ReadAll(r.Body)
				if strings.Contains(string(body), `"tools/list"`) {
					lists++
				}
				r.Body = io.NopCloser(bytes.NewReader(body))
				handler.ServeHTTP(w, r)
			}))
			defer srv.Close()
			list, err := gen.ListURL(ctx, srv.URL, srv.Client())
			require.NoError(t, err)
			generate(t, list)
			if c.pages == 1 {
				assert.Equal(t, len(travel.Tools), lists, "a request per page")
			} else {
				assert.Equal(t, 1, lists)
			}
		})
	}
}

// What a server that is not one, or that fails, makes ListCommand and
// ListURL say: the server, and what went wrong.
func TestClientServerErrors(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	_, err := gen.ListCommand(ctx, []string{"sh", "-c", "echo starting; echo broken >&2; exit 3"}, "")
	require.Error(t, err)
	assert.Contains(t, err.Error(), `server sh -c echo starting; echo broken >&2; exit 3: initialize: the server wrote what is not JSON-RPC on standard output: "starting"`)
	_, err = gen.ListCommand(ctx, []string{"sh", "-c", "echo broken >&2"}, "")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "server sh -c echo broken >&2: initialize: ")
	assert.Contains(t, err.Error(), "it wrote on standard error:\nbroken")

	srv := httptest.NewServer(http.NotFoundHandler())
	defer srv.Close()
	_, err = gen.ListURL(ctx, srv.URL, srv.Client())
	require.Error(t, err)
	assert.Contains(t, err.Error(), "server "+srv.URL+": initialize: HTTP 404 Not Found")
}

// Every tool the server serves has its schemas in the client as the server
// lists them, and an argument type whose fields are the schema's
// properties under their JSON names, the required ones not omitted.
func TestClientSchemas(t *testing.T) {
	res, err := connect(t, latest).ListTools(context.Background(), nil)
	require.NoError(t, err)
	listed := map[string]*mcp.Tool{}
	for _, l := range res.Tools {
		listed[l.Name] = l
	}
	require.Len(t, travelclient.Tools, len(travel.Tools))
	client := reflect.TypeFor[*travelclient.Client]()
	for _, tl := range travel.Tools {
		i := slices.IndexFunc(travelclient.Tools, func(c *mcp.Tool) bool { return c.Name == tl.Name })
		require.GreaterOrEqual(t, i, 0, "the client has %s", tl.Name)
		got := travelclient.Tools[i]
		assert.JSONEq(t, string(tl.Dialects.MCP.Parameters), string(got.InputSchema.(json.RawMessage)), tl.Name)
		var schema struct {
			Properties map[string]json.RawMessage
			Required   []string
		}
		require.NoError(t, json.Unmarshal(tl.Dialects.MCP.Parameters, &schema))
		method, ok := client.MethodByName(camel(tl.Name))
		require.True(t, ok, "%s has a method", tl.Name)
		args := method.Type.In(2)
		var names, required []string
		for f := range args.Fields() {
			name, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
			names = append(names, name)
			if opts == "" {
				required = append(required, name)
			}
		}
		assert.ElementsMatch(t, slices.Collect(mapsKeys(schema.Properties)), names, "%s: the fields are the properties", tl.Name)
		assert.ElementsMatch(t, schema.Required, required, "%s: the required members are not omitted", tl.Name)
		if tl.ResultSchema != nil {
			require.NotNil(t, got.OutputSchema, tl.Name)
			server, err := json.Marshal(listed[tl.Name].OutputSchema)
			require.NoError(t, err)
			assert.JSONEq(t, string(server), string(got.OutputSchema.(json.RawMessage)), tl.Name)
			// The canonical result schema, which MCP's form dates with $schema.
			var dated map[string]json.RawMessage
			require.NoError(t, json.Unmarshal(got.OutputSchema.(json.RawMessage), &dated))
			delete(dated, "$schema")
			canonical, err := json.Marshal(dated)
			require.NoError(t, err)
			assert.JSONEq(t, string(tl.ResultSchema), string(canonical), tl.Name)
			assert.Equal(t, 2, method.Type.NumOut())
			// Its own type, or an alias of the first tool's of the same schema.
			assert.Equal(t, reflect.Struct, method.Type.Out(0).Kind(), "%s returns its typed result", tl.Name)
			assert.True(t, strings.HasSuffix(method.Type.Out(0).Name(), "Result"), "%s returns its typed result", tl.Name)
		} else {
			assert.Nil(t, got.OutputSchema, tl.Name)
		}
	}
}

func mapsKeys[V any](m map[string]V) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// camel is the method name toolgen gives the travel tools.
func camel(name string) string {
	var b strings.Builder
	for _, w := range strings.Split(name, "_") {
		b.WriteString(strings.ToUpper(w[:1]) + w[1:])
	}
	return b.String()
}

// Typed calls through the generated client reach the typed handlers and
// come back typed; invalid arguments never leave the client, and a
// refused call is a *mcptool.ToolError.
func TestClientCalls(t *testing.T) {
	ctx := context.Background()
	c := travelclient.NewClient(connectWith(t, latest, func(*mcp.ElicitRequest) string { return "accept" }))

	flights, err := c.SearchFlights(ctx, travelclient.SearchFlightsArgs{From: "CDG", To: "JFK", Date: "2026-05-01", Passengers: 1})
	require.NoError(t, err)
	require.Len(t, flights.Flights, 2)
	assert.Equal(t, "AFC12", flights.Flights[0].ID)
	assert.InDelta(t, 420.5, flights.Flights[0].Price, 0)

	booked, err := c.BookFlight(ctx, travelclient.BookFlightArgs{FlightID: flights.Flights[0].ID,
		Passengers: []travelclient.BookFlightArgsPassengersItem{{Name: "Ada", BirthYear: 1990}}})
	require.NoError(t, err)
	assert.Equal(t, travelclient.BookFlightResultStatusConfirmed, booked.Status)
	found, err := c.GetBooking(ctx, travelclient.GetBookingArgs{Reference: booked.Reference})
	require.NoError(t, err)
	assert.Equal(t, booked.Reference, found.Reference)
	assert.Equal(t, "AFC12", *found.FlightID)

	_, err = c.SearchFlights(ctx, travelclient.SearchFlightsArgs{From: "cdg", To: "JFK", Date: "2026-05-01", Passengers: 1})
	var invalid *mcptool.ValidationError
	require.True(t, errors.As(err, &invalid), "%T: %v", err, err)
	assert.False(t, invalid.Result)
	var errs tool.Errors
	require.True(t, errors.As(err, &errs))
	assert.Equal(t, []string{"pattern:from"}, errs.Codes())

	_, err = c.GetBooking(ctx, travelclient.GetBookingArgs{Reference: "ZZ9999"})
	var failed *mcptool.ToolError
	require.True(t, errors.As(err, &failed), "%T: %v", err, err)
	assert.Contains(t, failed.Error(), "ZZ9999")
}
