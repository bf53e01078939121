package main

//go:generate go tool toolgen

// GetBalanceArgs reads the balance of an account.
//
//toolgen:tool risk=read result=Balance
type GetBalanceArgs struct {
	// Account id, like acct-7.
	Account string `json:"account" jsonschema:"maxLength=32,pattern=^acct-[0-9]+$"`
}

// Balance is get_balance's result.
type Balance struct {
	// The account.
	Account string `json:"account"`
	// Balance, in cents.
	Cents int64 `json:"cents"`
}

// RecordPaymentArgs records a payment received on an account. Recording it
// twice would count it twice.
//
//toolgen:tool risk=act idempotent=false result=Receipt
type RecordPaymentArgs struct {
	// Account id, like acct-7.
	Account string `json:"account" jsonschema:"maxLength=32,pattern=^acct-[0-9]+$"`
	// Amount, in cents.
	AmountCents int64 `json:"amount_cents" jsonschema:"minimum=1,maximum=1000000"`
	// What the payment is for.
	Memo string `json:"memo" jsonschema:"minLength=1,maxLength=64"`
}

// TransferFundsArgs moves money from one account to another. It cannot be
// undone.
//
//toolgen:tool risk=dangerous idempotent=false result=Receipt
type TransferFundsArgs struct {
	// Account to debit.
	From string `json:"from" jsonschema:"maxLength=32,pattern=^acct-[0-9]+$"`
	// Account to credit.
	To string `json:"to" jsonschema:"maxLength=32,pattern=^acct-[0-9]+$"`
	// Amount, in cents.
	AmountCents int64 `json:"amount_cents" jsonschema:"minimum=1,maximum=1000000"`
	// What the transfer is for.
	Memo string `json:"memo" jsonschema:"minLength=1,maxLength=64"`
}

// Receipt is what record_payment and transfer_funds return.
type Receipt struct {
	// The ledger's sequence number of the entry.
	Entry int64 `json:"entry"`
	// The replica that wrote it.
	Replica string `json:"replica"`
}
