package tool

import (
	"bytes"
	"encoding/binary"
	"slices"
	"strconv"
	"strings"
)

// A format is a file format the content checks know by its first bytes, as
// net/http.DetectContentType knows formats (and more audio: MP3 without an
// ID3 tag, FLAC, AAC, M4A), without its dependencies: the images and audio
// the providers take, and the documents and archives a blob resource most
// often holds.
type format struct {
	name string
	// types are the media types, lower case, whose data begins as this
	// format's does; the first is the one to declare.
	types []string
	// begins reports whether data may be of this format: every file of it
	// begins so (leniently: a PDF may have bytes before "%PDF-").
	begins func(data []byte) bool
	// surely reports whether data is of this format beyond doubt, data no
	// other format's files begin with; nil for a format whose signature
	// is short or shared (a ZIP's is every OpenDocument's, a TIFF's every
	// camera raw's, an MP3 frame's two bytes of any sound).
	surely func(data []byte) bool
}

var formats = [...]format{
	{"PNG", []string{"image/png", "image/apng", "image/vnd.mozilla.apng"}, prefix("\x89PNG\r\n\x1a\n"), prefix("\x89PNG\r\n\x1a\n")},
	// MPO and JPS files are JPEG files.
	{"JPEG", []string{"image/jpeg", "image/pjpeg", "image/mpo", "image/jps"}, prefix("\xff\xd8\xff"), prefix("\xff\xd8\xff")},
	{"GIF", []string{"image/gif"}, isGIF, isGIF},
	{"WebP", []string{"image/webp"}, isRIFF("WEBP"), isRIFF("WEBP")},
	{"BMP", []string{"image/bmp", "image/x-bmp", "image/x-ms-bmp"}, prefix("BM"), isBMP},
	// UTF-16 SVG, which the scan does not read, begins with a byte order
	// mark, as much else does.
	{"SVG", []string{"image/svg+xml"}, func(b []byte) bool { return isSVG(b) || hasPrefix(b, "\xfe\xff") || hasPrefix(b, "\xff\xfe") }, isSVG},
	{"ICO", []string{"image/vnd.microsoft.icon", "image/x-icon"}, anyPrefix("\x00\x00\x01\x00", "\x00\x00\x02\x00"), nil},
	{"TIFF", []string{"image/tiff", "image/tiff-fx"}, anyPrefix("II*\x00", "MM\x00*", "II+\x00", "MM\x00+"), nil},
	{"HEIF", []string{"image/heic", "image/heif", "image/avif", "image/heic-sequence", "image/heif-sequence", "image/avif-sequence"}, isHEIF, nil},
	{"WAV", []string{"audio/wav", "audio/wave", "audio/x-wav", "audio/vnd.wave"}, isWAV, isWAV},
	{"MP3", []string{"audio/mpeg", "audio/mp3", "audio/mpeg3", "audio/x-mpeg", "audio/x-mp3", "audio/mpa"}, isMP3, nil},
	// AAC is most often in an MP4 container, and declared audio/aac so.
	{"AAC", []string{"audio/aac", "audio/x-aac", "audio/aacp"}, func(b []byte) bool { return isADTS(b) || hasPrefix(b, "ADIF") || isID3(b) || isMP4(b) }, nil},
	{"MP4", []string{"audio/mp4", "audio/m4a", "audio/x-m4a", "video/mp4", "application/mp4", "audio/3gpp", "audio/3gpp2", "video/3gpp", "video/3gpp2", "video/x-m4v"}, isMP4, nil},
	{"Ogg", []string{"audio/ogg", "audio/opus", "audio/vorbis", "audio/speex", "audio/x-speex", "audio/x-ogg", "application/ogg", "video/ogg"}, prefix("OggS\x00"), prefix("OggS\x00")},
	// A FLAC stream may be in an Ogg container, or follow an ID3 tag.
	{"FLAC", []string{"audio/flac", "audio/x-flac"}, func(b []byte) bool { return hasPrefix(b, "fLaC") || isID3(b) || isOggFLAC(b) }, prefix("fLaC")},
	{"AIFF", []string{"audio/aiff", "audio/x-aiff", "audio/aifc", "audio/x-aifc"}, isAIFF, isAIFF},
	{"AU", []string{"audio/basic", "audio/au", "audio/x-au"}, prefix(".snd"), prefix(".snd")},
	{"MIDI", []string{"audio/midi", "audio/x-midi", "audio/mid"}, prefix("MThd\x00\x00\x00\x06"), prefix("MThd\x00\x00\x00\x06")},
	{"WebM", []string{"audio/webm", "video/webm", "audio/x-matroska", "video/x-matroska", "audio/matroska", "video/matroska"}, prefix("\x1a\x45\xdf\xa3"), prefix("\x1a\x45\xdf\xa3")},
	// A PDF reader looks for the header in the first kilobyte.
	{"PDF", []string{"application/pdf", "application/x-pdf"}, func(b []byte) bool { return bytes.Contains(b[:min(len(b), 1024)], []byte("%PDF-")) }, prefix("%PDF-")},
	{"ZIP", []string{"application/zip", "application/x-zip-compressed"}, anyPrefix("PK\x03\x04", "PK\x05\x06", "PK\x07\x08"), nil},
	{"gzip", []string{"application/gzip", "application/x-gzip"}, prefix("\x1f\x8b"), nil},
}

// formatOf is the format whose data a media type (type/subtype, lower
// case) names, nil for a type the checks do not know.
func formatOf(mediaType string) *format {
	for i := range formats {
		for _, t := range formats[i].types {
			if t == mediaType {
				return &formats[i]
			}
		}
	}
	return nil
}

// sniff is the format data surely is, nil when its first bytes do not tell.
func sniff(data []byte) *format {
	for i := range formats {
		if f := &formats[i]; f.surely != nil && f.surely(data) {
			return f
		}
	}
	return nil
}

// mismatch says why data cannot be sent as mediaType (type/subtype, lower
// case), "" when it can: data of a type the checks know must begin as
// that format's files do; the data of an image or a sound (media), when it
// surely is a format the checks know, must be declared as one of its
// types. Data the checks cannot tell is accepted as declared: refusing
// what they do not know would refuse legitimate types.
func mismatch(data []byte, mediaType string, media bool) string {
	declared := formatOf(mediaType)
	if declared != nil && declared.begins(data) {
		return ""
	}
	var is *format
	if media || declared != nil {
		is = sniff(data)
	}
	if is != nil && media {
		// An image or a sound declares a type of its kind.
		kind, _, _ := strings.Cut(mediaType, "/")
		i := slices.IndexFunc(is.types, func(t string) bool { return strings.HasPrefix(t, kind+"/") })
		if i < 0 {
			return "its media type is " + strconv.Quote(mediaType) + " but its data is " + is.name + ", not " + kind +
				": send it as a resource of type " + is.types[0]
		}
		return "its media type is " + strconv.Quote(mediaType) + " but its data is " + is.name + ": declare " + is.types[i] + or(declared)
	}
	switch {
	case is != nil:
		return "its media type is " + strconv.Quote(mediaType) + " but its data is " + is.name + ": declare " + is.types[0] + or(declared)
	case declared != nil:
		return "its media type is " + strconv.Quote(mediaType) + " but its data does not begin as " + declared.name +
			" data does: send " + declared.name + " data, or declare the type it is"
	}
	return ""
}

// or is the alternative of declaring another type: sending data of the
// format declared, if the checks know it.
func or(declared *format) string {
	if declared == nil {
		return ""
	}
	return ", or send " + declared.name + " data"
}

func hasPrefix(b []byte, p string) bool { return len(b) >= len(p) && string(b[:len(p)]) == p }

func prefix(p string) func([]byte) bool { return func(b []byte) bool { return hasPrefix(b, p) } }

func anyPrefix(ps ...string) func([]byte) bool {
	return func(b []byte) bool {
		for _, p := range ps {
			if hasPrefix(b, p) {
				return true
			}
		}
		return false
	}
}

func isGIF(b []byte) bool { return hasPrefix(b, "GIF87a") || hasPrefix(b, "GIF89a") }

// isRIFF reports whether b is a RIFF file of the given form type.
func isRIFF(form string) func([]byte) bool {
	return func(b []byte) bool { return hasPrefix(b, "RIFF") && len(b) >= 12 && string(b[8:12]) == form }
}

// isWAV: a RIFF WAVE file, or its 64-bit forms (RF64, BW64).
func isWAV(b []byte) bool {
	return len(b) >= 12 && string(b[8:12]) == "WAVE" && (hasPrefix(b, "RIFF") || hasPrefix(b, "RF64") || hasPrefix(b, "BW64"))
}

func isAIFF(b []byte) bool {
	return hasPrefix(b, "FORM") && len(b) >= 12 && (string(b[8:12]) == "AIFF" || string(b[8:12]) == "AIFC")
}

// isBMP: "BM", then zero reserved bytes and a DIB header of a size one of
// its versions has; "BM" alone begins much text.
func isBMP(b []byte) bool {
	if !hasPrefix(b, "BM") || len(b) < 18 || binary.LittleEndian.Uint32(b[6:10]) != 0 {
		return false
	}
	switch binary.LittleEndian.Uint32(b[14:18]) {
	case 12, 16, 40, 52, 56, 64, 108, 124:
		return true
	}
	return false
}

func isID3(b []byte) bool { return hasPrefix(b, "ID3") }

// isMP3: an ID3 tag, or an MPEG audio frame header (after any zero bytes
// of padding): an 11-bit sync, a version, a layer, a bit rate and a sample
// rate that are not reserved values.
func isMP3(b []byte) bool {
	if isID3(b) {
		return true
	}
	b = b[min(len(b), 4096)-len(bytes.TrimLeft(b[:min(len(b), 4096)], "\x00")):]
	return len(b) >= 3 && b[0] == 0xff && b[1]&0xe0 == 0xe0 &&
		b[1]>>3&3 != 1 && b[1]>>1&3 != 0 && b[2]>>4 != 15 && b[2]>>2&3 != 3
}

// isADTS: an AAC ADTS frame header, a 12-bit sync and layer 0.
func isADTS(b []byte) bool { return len(b) >= 2 && b[0] == 0xff && b[1]&0xf6 == 0xf0 }

// isOggFLAC: an Ogg page whose first packet is FLAC's mapping header.
func isOggFLAC(b []byte) bool {
	return hasPrefix(b, "OggS\x00") && len(b) >= 33 && string(b[28:33]) == "\x7fFLAC"
}

// heifBrands are the major brands of ISO media files that are HEIF images
// (HEIC, AVIF and their sequences).
var heifBrands = map[string]bool{"heic": true, "heix": true, "hevc": true, "hevx": true, "heim": true, "heis": true,
	"hevm": true, "hevs": true, "mif1": true, "msf1": true, "mif2": true, "avif": true, "avis": true}

// isoBrand is the major brand of an ISO base media file (MP4, M4A, 3GP,
// HEIF): its first box is ftyp; "" for other data.
func isoBrand(b []byte) string {
	if len(b) < 12 || string(b[4:8]) != "ftyp" || binary.BigEndian.Uint32(b[:4]) < 12 {
		return ""
	}
	return string(b[8:12])
}

func isHEIF(b []byte) bool { return heifBrands[isoBrand(b)] }

func isMP4(b []byte) bool { t := isoBrand(b); return t != "" && !heifBrands[t] }

// isSVG reports whether b is an SVG document: after a byte order mark,
// white space, an XML declaration, processing instructions, comments and
// a document type declaration, its root element is svg (of any prefix).
// The scan is linear in b.
func isSVG(b []byte) bool {
	b = bytes.TrimPrefix(b, []byte("\xef\xbb\xbf"))
	for {
		b = bytes.TrimLeft(b, " \t\r\n")
		var end string
		switch {
		case hasPrefix(b, "<?"):
			end = "?>"
		case hasPrefix(b, "<!--"):
			end = "-->"
		case hasPrefix(b, "<!DOCTYPE") || hasPrefix(b, "<!doctype"):
			// An internal subset in brackets may hold '>'.
			gt := bytes.IndexByte(b, '>')
			if open := bytes.IndexByte(b, '['); open >= 0 && (gt < 0 || open < gt) {
				i := bytes.IndexByte(b[open:], ']')
				if i < 0 {
					return false
				}
				b = b[open+i:]
			}
			end = ">"
		case hasPrefix(b, "<"):
			name := b[1:]
			if i := bytes.IndexAny(name, " \t\r\n/>"); i >= 0 {
				name = name[:i]
			} else {
				return false
			}
			if i := bytes.LastIndexByte(name, ':'); i >= 0 {
				name = name[i+1:]
			}
			return string(name) == "svg"
		default:
			return false
		}
		i := bytes.Index(b, []byte(end))
		if i < 0 {
			return false
		}
		b = b[i+len(end):]
	}
}
