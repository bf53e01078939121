package tool

import (
	"bytes"
	"errors"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/internal/testkit/race"
)

// pad makes a sample of a file's first bytes 64 bytes long, as a file's
// are, zeros after its header.
func pad(s string) []byte { return append([]byte(s), make([]byte, max(0, 64-len(s)))...) }

// samples are the first bytes of a file of each format the checks know,
// by format name, several where files begin in several ways.
var samples = map[string][][]byte{
	"PNG":  {pad("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")},
	"JPEG": {pad("\xff\xd8\xff\xe0\x00\x10JFIF\x00"), pad("\xff\xd8\xff\xe1\x00\x18Exif\x00\x00")},
	"GIF":  {pad("GIF89a\x01\x00\x01\x00\x80\x00\x00"), pad("GIF87a\x01\x00\x01\x00")},
	"WebP": {pad("RIFF\x24\x00\x00\x00WEBPVP8 ")},
	"BMP":  {pad("BM\x3a\x00\x00\x00\x00\x00\x00\x00\x36\x00\x00\x00\x28\x00\x00\x00"), pad("BM\x1e\x00\x00\x00\x00\x00\x00\x00\x1a\x00\x00\x00\x0c\x00\x00\x00")},
	"SVG": {[]byte(`<svg xmlns="http://www.w3.org/2000/svg"/>`), []byte("\xef\xbb\xbf<?xml version=\"1.0\"?>\n<!-- made by hand -->\n" +
		`<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd" [<!ENTITY a "<b>">]>` +
		"\n<svg:svg xmlns:svg=\"http://www.w3.org/2000/svg\">\n</svg:svg>")},
	"ICO":  {pad("\x00\x00\x01\x00\x01\x00\x10\x10")},
	"TIFF": {pad("II*\x00\x08\x00\x00\x00"), pad("MM\x00*\x00\x00\x00\x08")},
	"HEIF": {pad("\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic"), pad("\x00\x00\x00\x1cftypavif\x00\x00\x00\x00avifmif1miaf")},
	"WAV":  {pad("RIFF\x24\x00\x00\x00WAVEfmt "), pad("RF64\xff\xff\xff\xffWAVEds64")},
	"MP3":  {pad("ID3\x04\x00\x00\x00\x00\x00\x00"), pad("\xff\xfb\x90\x64\x00"), pad("\x00\x00\x00\xff\xf3\x48\xc4")},
	"AAC":  {pad("\xff\xf1\x50\x80\x02\x1f\xfc"), pad("ADIF\x00")},
	"MP4":  {pad("\x00\x00\x00\x20ftypM4A \x00\x00\x00\x00M4A mp42isom\x00\x00\x00\x00"), pad("\x00\x00\x00\x18ftypmp42\x00\x00\x00\x00mp42isom")},
	"Ogg":  {pad("OggS\x00\x02\x00\x00\x00\x00\x00\x00\x00\x00\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x01\x13OpusHead"), oggFLAC},
	"FLAC": {pad("fLaC\x00\x00\x00\x22")},
	"AIFF": {pad("FORM\x00\x00\x00\x2eAIFFCOMM"), pad("FORM\x00\x00\x00\x2eAIFCFVER")},
	"AU":   {pad(".snd\x00\x00\x00\x18")},
	"MIDI": {pad("MThd\x00\x00\x00\x06\x00\x01")},
	"WebM": {pad("\x1a\x45\xdf\xa3\x9f\x42\x86\x81\x01")},
	"PDF":  {pad("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n"), pad("\r\n%PDF-1.4\n")},
	"ZIP":  {pad("PK\x03\x04\x14\x00\x00\x00"), pad("PK\x05\x06")},
	"gzip": {pad("\x1f\x8b\x08\x00")},
}

// oggFLAC is FLAC in an Ogg container: an Ogg file, and a FLAC one.
var oggFLAC = pad("OggS\x00\x02\x00\x00\x00\x00\x00\x00\x00\x00\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x01\x33\x7fFLAC\x01\x00")

// Every sample is of its format, of no other format that knows surely, and
// is accepted under each of its format's types; a format with a sure test
// recognises its samples surely.
func TestSniffSamples(t *testing.T) {
	for i := range formats {
		f := &formats[i]
		require.NotEmpty(t, samples[f.name], f.name)
		for _, s := range samples[f.name] {
			assert.True(t, f.begins(s), "%s %q", f.name, s)
			if is := sniff(s); is != nil {
				assert.Equal(t, f.name, is.name, "%q", s)
			}
			for _, typ := range f.types {
				assert.Same(t, f, formatOf(typ))
				assert.Empty(t, mismatch(s, typ, true), "%s as %s", f.name, typ)
			}
		}
		if f.surely != nil {
			assert.Same(t, f, sniff(samples[f.name][0]), f.name)
		}
	}
}

// The media type net/http.DetectContentType gives for a sample is one of
// its format's, and accepted for it: a handler that declares what the
// standard library sniffs is never refused.
func TestSniffAgreesWithNetHTTP(t *testing.T) {
	told := 0
	for name, ss := range samples {
		for _, s := range ss {
			d := http.DetectContentType(s)
			if d == "application/octet-stream" || strings.HasPrefix(d, "text/") {
				continue
			}
			told++
			f := formatOf(d)
			require.NotNil(t, f, "%s: %s", name, d)
			assert.Equal(t, name, f.name, "%q is %s", s, d)
			assert.Empty(t, mismatch(s, d, true), "%s as %s", name, d)
		}
	}
	assert.Greater(t, told, 15, "net/http tells most samples")
}

// Data of another format than declared is refused saying what to declare;
// data the checks cannot tell is accepted as declared, under a type they
// know only when it may begin so.
func TestMismatch(t *testing.T) {
	png, jpeg := samples["PNG"][0], samples["JPEG"][0]
	for _, c := range []struct {
		data      []byte
		mediaType string
		media     bool
		why       string
	}{
		{png, "image/jpeg", true, `its media type is "image/jpeg" but its data is PNG: declare image/png, or send JPEG data`},
		{png, "image/jpeg", false, `its media type is "image/jpeg" but its data is PNG: declare image/png, or send JPEG data`},
		{jpeg, "image/jpg", true, `its media type is "image/jpg" but its data is JPEG: declare image/jpeg`},
		{samples["WAV"][0], "audio/x-custom", true, `its media type is "audio/x-custom" but its data is WAV: declare audio/wav`},
		{[]byte("hello"), "image/png", true, `its media type is "image/png" but its data does not begin as PNG data does: send PNG data, or declare the type it is`},
		{[]byte("hello"), "application/pdf", false, `its media type is "application/pdf" but its data does not begin as PDF data does`},
		{samples["HEIF"][0], "audio/mp4", true, `its media type is "audio/mp4" but its data does not begin as MP4 data does`},
		{samples["MP4"][0], "image/heic", true, `its media type is "image/heic" but its data does not begin as HEIF data does`},
		{samples["Ogg"][0], "audio/flac", true, `its media type is "audio/flac" but its data is Ogg: declare audio/ogg, or send FLAC data`},
		{samples["Ogg"][0], "video/x-custom", true, `its media type is "video/x-custom" but its data is Ogg: declare video/ogg`},
		{samples["PDF"][0], "image/x-custom", true, `its media type is "image/x-custom" but its data is PDF, not image: send it as a resource of type application/pdf`},
		{samples["WebM"][0], "image/png", true, `its media type is "image/png" but its data is WebM, not image: send it as a resource of type audio/webm`},
		{samples["WebM"][0], "application/pdf", false, `its media type is "application/pdf" but its data is WebM: declare audio/webm, or send PDF data`},
	} {
		got := mismatch(c.data, c.mediaType, c.media)
		assert.True(t, strings.HasPrefix(got, c.why), "%q as %s: %s", c.data, c.mediaType, got)
	}
	for _, c := range []struct {
		data      []byte
		mediaType string
		media     bool
	}{
		{[]byte("raw samples"), "audio/l16", true},            // a type the checks do not know, data they cannot tell
		{samples["ZIP"][0], "image/openraster", true},         // a ZIP may be many formats
		{samples["TIFF"][0], "image/x-adobe-dng", true},       // a TIFF may be a camera's raw image
		{samples["MP4"][0], "audio/aac", true},                // AAC in an MP4 container
		{samples["MP3"][0], "audio/flac", true},               // an ID3 tag may precede FLAC
		{oggFLAC, "audio/flac", true},                         // FLAC in Ogg
		{samples["MP4"][0], "video/quicktime", true},          // an ISO media file of a type the checks do not list
		{[]byte("BMW"), "image/x-custom", true},               // "BM" alone is not surely a BMP
		{png, "application/octet-stream", false},              // a blob of a type the checks do not know
		{[]byte("\xff\xfb\x90\x64\x00"), "audio/x-raw", true}, // an MPEG frame's sync may be a sample
		{[]byte("\xff\xfe\x00\x01"), "audio/x-raw", true},     // so may a byte order mark
		{[]byte("\xff\xfe<\x00s\x00"), "image/svg+xml", true}, // UTF-16 SVG
	} {
		assert.Empty(t, mismatch(c.data, c.mediaType, c.media), "%q as %s", c.data, c.mediaType)
	}
}

// The checks' cost is linear in the data, whatever it holds: the most
// costly shapes, at the largest size a call allows, are checked at once
// and without allocating.
func TestSniffCost(t *testing.T) {
	if race.Enabled {
		t.Skip("allocations and time are measured without the race detector")
	}
	const n = maxContentBytes - 64
	for name, data := range map[string][]byte{
		"declarations":        bytes.Repeat([]byte("<?a?>"), n/5),
		"comments":            append([]byte("<!--"), bytes.Repeat([]byte("--"), n/2)...),
		"unclosed comment":    bytes.Repeat([]byte("<!--"), n/4),
		"doctype subset":      append([]byte("<!DOCTYPE ["), bytes.Repeat([]byte("<>"), n/2)...),
		"long element name":   append([]byte("<"), bytes.Repeat([]byte("s"), n)...),
		"white space":         bytes.Repeat([]byte(" "), n),
		"zeros":               make([]byte, n),
		"PDF header far away": append(make([]byte, n), "%PDF-"...),
	} {
		for _, typ := range []string{"image/svg+xml", "image/x-custom", "audio/mpeg", "application/pdf"} {
			start := time.Now()
			allocs := testing.AllocsPerRun(1, func() { mismatch(data, typ, true) })
			assert.LessOrEqual(t, allocs, 4.0, "%s as %s", name, typ)
			assert.Less(t, time.Since(start), 2*time.Second, "%s as %s", name, typ)
		}
	}
}

// FuzzCheckContent: whatever a handler returns as an item, checkContent
// does not panic, allocates a bounded amount, and says why in a bounded
// message; an item it accepts declares a type of the format its data
// surely is, and data that may be of the format its type names. No data
// is surely of two formats.
func FuzzCheckContent(f *testing.F) {
	kinds := []ContentKind{ContentImage, ContentAudio, ContentResource, ContentResourceLink, ContentText, "video"}
	for name, ss := range samples {
		fm := formats[slices.IndexFunc(formats[:], func(f format) bool { return f.name == name })]
		for _, s := range ss {
			f.Add(uint8(0), fm.types[0], s, false)
			f.Add(uint8(1), fm.types[len(fm.types)-1], s, false)
			f.Add(uint8(2), fm.types[0], s, true)
		}
	}
	f.Add(uint8(0), "image/png; x=1", []byte("\x89PNG\r\n\x1a\n"), false)
	f.Add(uint8(2), "text/plain; charset=utf-8", []byte("hello"), true)
	f.Add(uint8(0), "image/"+strings.Repeat("x", 300), []byte{1}, false)
	f.Add(uint8(1), "audio/wav", []byte(nil), false)
	f.Fuzz(func(t *testing.T, kind uint8, mimeType string, data []byte, asText bool) {
		c := Content{Kind: kinds[int(kind)%len(kinds)], MIMEType: mimeType, Data: data}
		switch c.Kind {
		case ContentResource:
			c.URI = "file:///x"
			if asText {
				c.Text, c.Data = string(data), nil
			}
		case ContentResourceLink:
			c.URI, c.Name, c.Data = "file:///x", "x", nil
		case ContentText:
			c.Text, c.Data = string(data), nil
		}
		sure := 0
		for i := range formats {
			if formats[i].surely != nil && formats[i].surely(data) {
				sure++
			}
		}
		require.LessOrEqual(t, sure, 1, "data no two formats are sure of")
		items := []Content{c}
		err := checkContent(items)
		if !race.Enabled { // the race detector allocates of its own
			allocs := testing.AllocsPerRun(1, func() { _ = checkContent(items) })
			require.LessOrEqual(t, allocs, 40.0)
		}
		if err != nil {
			var ce *contentError
			require.True(t, errors.As(err, &ce))
			require.True(t, utf8.ValidString(ce.reason))
			require.Less(t, len(ce.reason), 1024)
			return
		}
		body, typ := c.Data, c.MediaType()
		if c.Kind == ContentResource && c.Text != "" {
			body = []byte(c.Text)
		}
		if f := formatOf(typ); f != nil && c.Kind != ContentResourceLink {
			require.True(t, f.begins(body), "%s accepted as %s", f.name, typ)
		}
		if c.Kind == ContentImage || c.Kind == ContentAudio {
			require.NotEmpty(t, typ)
			require.True(t, strings.HasPrefix(typ, string(c.Kind)+"/"))
			// The sniffed format's type, or a container's that holds it.
			if is := sniff(body); is != nil && !slices.Contains(is.types, typ) {
				require.NotNil(t, formatOf(typ), "%s accepted as %s", is.name, typ)
			}
		}
	})
}
