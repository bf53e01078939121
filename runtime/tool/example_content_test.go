package tool_test

import (
	"context"
	"fmt"

	"github.com/toolgen-go/toolgen/runtime/tool"
	"github.com/toolgen-go/toolgen/runtime/tool/internal/arm"
)

// A handler bound with HandleContent returns content items beside its
// output: text, images, audio, embedded resources, links. The adapters send
// them as each provider takes them (runtime/mcptool as MCP content items);
// Feedback, the text-only form, describes what it cannot show.
func ExampleDef_HandleContent() {
	snapshot := []byte("\x89PNG\r\n\x1a\n") // the camera's image
	set := tool.NewSet(
		arm.MoveTool.HandleContent(func(ctx context.Context, a arm.MoveArgs) (any, []tool.Content, error) {
			return fmt.Sprintf("moved to (%g, %g)", a.X, a.Y), []tool.Content{
				tool.Image(snapshot, "image/png"),
				tool.ResourceLink("file:///var/log/arm.log", "arm.log", "text/plain", "the arm's log"),
			}, nil
		}),
		quiet,
	)
	res := set.Call(context.Background(), "move", []byte(`{"x": 3, "y": 4}`))
	for _, item := range res.Items() {
		fmt.Println(item.Kind, item.MIMEType, len(item.Data))
	}
	fmt.Println(res.Feedback())
	// Output:
	// text  0
	// image image/png 8
	// resource_link text/plain 0
	// moved to (3, 4)
	// {"type":"image","mimeType":"image/png","bytes":8,"omitted":"this reply cannot carry it"}
	// {"type":"resource_link","uri":"file:///var/log/arm.log","name":"arm.log","mimeType":"text/plain","description":"the arm's log"}
}
