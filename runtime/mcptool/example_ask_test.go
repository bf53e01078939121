package mcptool_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolgen-go/toolgen/internal/fixtures/adapters"
	"github.com/toolgen-go/toolgen/runtime/mcptool"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// A handler asks the person at the client for a form, a //toolgen:output
// form=true struct (adapters.Profile), and gets their typed answer, or
// ErrDeclined, ErrCanceled, ErrCannotAsk to return to the model.
func Example_ask() {
	set := tool.NewSet(tool.WithLogger(nil),
		adapters.InspectTool.Handle(func(ctx context.Context, _ adapters.InspectArgs) (any, error) {
			p, err := adapters.ProfileOutput.Ask(ctx, "Who is inspecting?")
			if errors.Is(err, tool.ErrDeclined) {
				return "inspected anonymously", nil
			}
			if err != nil {
				return nil, err // ErrCanceled, ErrCannotAsk, an answer that breaks the form
			}
			return fmt.Sprintf("inspected by %s (%d, %s, %v)", p.Name, p.Age, p.Status, p.Topics), nil
		}))
	server := mcp.NewServer(&mcp.Implementation{Name: "plant", Version: "v1"}, nil)
	if err := mcptool.Register(server, set); err != nil {
		log.Fatal(err)
	}

	// The client shows the form (here: prints a member of it) and answers
	// it; what the person leaves out takes its default.
	client := mcp.NewClient(&mcp.Implementation{Name: "client", Version: "v1"}, &mcp.ClientOptions{
		ElicitationHandler: func(_ context.Context, req *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
			var form struct {
				Properties map[string]json.RawMessage `json:"properties"`
			}
			b, _ := json.Marshal(req.Params.RequestedSchema)
			json.Unmarshal(b, &form)
			fmt.Println(req.Params.Message)
			fmt.Println(string(form.Properties["status"]))
			return &mcp.ElicitResult{Action: "accept", Content: map[string]any{"name": "Ada", "topics": []any{"go"}}}, nil
		},
	})
	ctx := context.Background()
	serverT, clientT := mcp.NewInMemoryTransports()
	ss, err := server.Connect(ctx, serverT, nil)
	if err != nil {
		log.Fatal(err)
	}
	defer ss.Close()
	cs, err := client.Connect(ctx, clientT, &mcp.ClientSessionOptions{ProtocolVersion: "2025-11-25"})
	if err != nil {
		log.Fatal(err)
	}
	defer cs.Close()
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "inspect", Arguments: map[string]any{"component": 1}})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(res.Content[0].(*mcp.TextContent).Text)
	// Output:
	// Who is inspecting?
	// {"default":"active","description":"How you are.","oneOf":[{"const":"active","title":"Active"},{"const":"inactive","title":"Inactive"},{"const":"pending","title":"Waiting for review"}],"type":"string"}
	// inspected by Ada (30, active, [go])
}
