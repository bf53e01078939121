package bench

// The calls of the benchmark: for each tool, a valid call that fills most
// of its fields, as a model writes it, and an invalid one with 8 errors.

const weatherValid = `{"city": "Paris", "days": 3, "units": "c", "include_hourly": true,
	"coords": {"lat": 48.8566, "lon": 2.3522}, "tags": ["trip", "weekend_2"]}`

const weatherInvalid = `{"city": "", "days": 0, "units": "kelvin", "include_hourly": "yes",
	"coords": {"lat": 91, "lon": -181}, "tags": ["ok", "Not OK"], "country": "FR"}`

var weatherInvalidCodes = []string{
	"enum:units", "maximum:coords.lat", "minLength:city", "minimum:coords.lon",
	"minimum:days", "pattern:tags[1]", "type:include_hourly", "unexpected:country",
}

// An outline of 16 sections, three levels deep.
const outlineValid = `{"title": "Operating a small Kubernetes cluster", "sections": [
	{"heading": "Introduction", "summary": "Who this guide is for and what it covers.", "words": 400},
	{"heading": "Installing", "summary": "From bare machines to a running control plane.", "words": 2500, "sections": [
		{"heading": "Requirements", "words": 300},
		{"heading": "The control plane", "summary": "kubeadm init, certificates, and the first node.", "words": 900, "sections": [
			{"heading": "Certificates", "words": 350},
			{"heading": "High availability", "words": 500}
		]},
		{"heading": "Joining workers", "words": 600}
	]},
	{"heading": "Day two", "summary": "Upgrades, backups and what breaks.", "words": 4000, "sections": [
		{"heading": "Upgrades", "words": 1200, "sections": [
			{"heading": "Draining nodes", "words": 400},
			{"heading": "Rolling back", "words": 300}
		]},
		{"heading": "Backups", "summary": "etcd snapshots and restoring them.", "words": 1100},
		{"heading": "Monitoring", "words": 900}
	]},
	{"heading": "Appendix", "sections": [{"heading": "Glossary", "words": 800}]}
]}`

const outlineInvalid = `{"title": "", "sections": [
	{"heading": "", "words": -1, "sections": [
		{"heading": 5},
		{"heading": "Fine", "level": 2}
	]},
	{"summary": "No heading here.", "words": 30000},
	{"heading": "Flat", "sections": "none"}
]}`

var outlineInvalidCodes = []string{
	"maximum:sections[1].words", "minLength:sections[0].heading", "minLength:title",
	"minimum:sections[0].words", "missing:sections[1].heading", "type:sections[0].sections[0].heading",
	"type:sections[2].sections", "unexpected:sections[0].sections[1].level",
}

// A ticket with all of its 30 fields.
const ticketValid = `{"title": "Invoice PDF shows the wrong VAT rate", "description": "Since the March release the PDF of every invoice for a customer in Portugal shows 21% VAT instead of 23%. The amounts in the web view are right. Steps: open any invoice of account ACC-004217, download the PDF.",
	"priority": "high", "severity": 3, "category": "billing", "channel": "email",
	"account_id": "ACC-004217", "customer_name": "Inês Carvalho", "customer_email": "ines.carvalho@example.pt",
	"customer_phone": "+351912345678", "language": "pt-PT", "product": "Invoicing", "version": "4.12.1",
	"os": "windows", "browser": "Firefox 128", "tags": ["vat", "pdf", "regression"], "due_date": "2026-12-04",
	"estimate_hours": 6.5, "assignee": "m.okafor", "team": "billing",
	"watchers": ["finance@example.pt", "ana.lopes@example.com"], "public": true, "escalated": false, "notify": true,
	"reopen_count": 1, "sla_minutes": 240, "satisfaction": 4,
	"shipping": {"street": "Rua Augusta 27", "city": "Lisboa", "postal_code": "1100-048", "country": "PT"},
	"attachments": [{"name": "invoice-2026-0311.pdf", "media_type": "application/pdf", "size": 84211},
		{"name": "screenshot.png", "media_type": "image/png", "size": 402113}],
	"related_tickets": [48211, 48307]}`

const ticketInvalid = `{"title": "VAT", "description": "The PDF shows the wrong VAT rate.",
	"priority": "asap", "severity": 9, "category": "billing", "channel": "email",
	"account_id": "4217", "customer_name": "Inês Carvalho", "customer_email": "ines.carvalho",
	"language": "pt-PT", "product": "Invoicing", "team": "billing", "public": "yes",
	"shipping": {"street": "Rua Augusta 27", "city": "Lisboa", "postal_code": "1100-048", "country": "Portugal"},
	"attachments": [{"name": "invoice.pdf", "media_type": "application/pdf", "size": -1}]}`

var ticketInvalidCodes = []string{
	"format:customer_email", "maximum:severity", "enum:priority", "minLength:title",
	"minimum:attachments[0].size", "pattern:account_id", "pattern:shipping.country", "type:public",
}
