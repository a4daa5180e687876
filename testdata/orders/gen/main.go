// Command gen writes the second benchmark data set of scripts/bench: shop
// orders, one JSON object a line, deterministic for a seed. Unlike the
// web-log records they carry nested objects (customer, shipping address),
// arrays of objects (items), a base64 field (token), a JSON document inside a
// string (payload) and a country code many term selectors look at.
//
// usage: go run ./testdata/orders/gen -n 200000 -seed 42 > orders.ndjson
package main

import (
	"bufio"
	"encoding/base64"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand"
	"os"
)

var (
	countries = []string{"US", "DE", "FR", "GB", "JP", "BR", "IN", "CN", "CA", "AU", "ES", "IT", "NL", "SE", "NO",
		"PL", "MX", "AR", "ZA", "KR", "NZ", "IE", "PT", "AT", "CH", "BE", "DK", "FI", "CZ", "GR"}
	channels  = []string{"web", "app", "store", "phone"}
	statuses  = []string{"paid", "shipped", "cancelled", "refunded", "pending"}
	skus      = []string{"BK", "EL", "TY", "CL", "HM", "SP"}
	firsts    = []string{"Ada", "Bo", "Chen", "Dana", "Eli", "Fatima", "Gus", "Hana", "Ivo", "Jun"}
	lasts     = []string{"Ng", "Okafor", "Petit", "Quinn", "Rossi", "Sato", "Tan", "Umar", "Vega", "Weber"}
	domains   = []string{"example.com", "mail.test", "shop.example.org"}
	cities    = []string{"Springfield", "Rivertown", "Lakeside", "Hillview", "Oakridge"}
	notePool  = []string{"gift wrap", "leave at door", "call first", "", "fragile"}
	devices   = []string{"ios", "android", "desktop"}
	campaigns = []string{"spring", "summer", "blackfriday", "none"}
)

type item struct {
	SKU   string   `json:"sku"`
	Qty   int      `json:"qty"`
	Price float64  `json:"price"`
	Tags  []string `json:"tags"`
}

func main() {
	n := flag.Int("n", 2000, "number of records")
	seed := flag.Int64("seed", 1, "random seed")
	flag.Parse()
	rng := rand.New(rand.NewSource(*seed))
	w := bufio.NewWriterSize(os.Stdout, 1<<16)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	for i := 0; i < *n; i++ {
		if err := enc.Encode(order(rng, i)); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
	if err := w.Flush(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func pick(rng *rand.Rand, l []string) string { return l[rng.Intn(len(l))] }

// order builds one record; fields are in a fixed order (a struct) so the
// output is byte-for-byte deterministic.
func order(rng *rand.Rand, i int) any {
	first, last := pick(rng, firsts), pick(rng, lasts)
	email := fmt.Sprintf("%s.%s%d@%s", first, last, rng.Intn(1000), pick(rng, domains))
	if rng.Intn(20) == 0 {
		email = "not-an-email" // fails the validation chain
	}
	items := make([]item, 1+rng.Intn(4))
	total := 0.0
	for k := range items {
		items[k] = item{SKU: fmt.Sprintf("%s-%04d", pick(rng, skus), rng.Intn(10000)), Qty: 1 + rng.Intn(3),
			Price: float64(rng.Intn(20000)) / 100, Tags: []string{pick(rng, campaigns)}}
		total += items[k].Price * float64(items[k].Qty)
	}
	payload, _ := json.Marshal(struct {
		Device   string `json:"device"`
		Campaign string `json:"campaign"`
		Session  string `json:"session"`
	}{pick(rng, devices), pick(rng, campaigns), fmt.Sprintf("%016x", rng.Uint64())})
	token := base64.StdEncoding.EncodeToString([]byte(fmt.Sprintf("user:%d:%s", rng.Intn(100000), pick(rng, channels))))
	if rng.Intn(25) == 0 {
		token = "%%not base64%%"
	}
	return struct {
		ID       string  `json:"order_id"`
		Country  string  `json:"country"`
		Channel  string  `json:"channel"`
		Status   string  `json:"status"`
		Total    float64 `json:"total"`
		Customer any     `json:"customer"`
		Shipping any     `json:"shipping"`
		Items    []item  `json:"items"`
		Token    string  `json:"token"`
		Payload  string  `json:"payload"`
		Note     string  `json:"note"`
		Created  string  `json:"created"`
	}{
		ID: fmt.Sprintf("ord-%08d", i), Country: pick(rng, countries), Channel: pick(rng, channels),
		Status: pick(rng, statuses), Total: float64(int(total*100)) / 100,
		Customer: map[string]any{"id": rng.Intn(1000000), "email": email,
			"name": map[string]string{"first": first, "last": last}, "vip": rng.Intn(10) == 0},
		Shipping: map[string]any{"city": pick(rng, cities), "zip": fmt.Sprintf("%05d", rng.Intn(100000)),
			"geo": map[string]float64{"lat": float64(rng.Intn(180000)-90000) / 1000, "lon": float64(rng.Intn(360000)-180000) / 1000}},
		Items: items, Token: token, Payload: string(payload), Note: pick(rng, notePool),
		Created: fmt.Sprintf("2025-%02d-%02dT%02d:%02d:%02dZ", 1+rng.Intn(12), 1+rng.Intn(28), rng.Intn(24), rng.Intn(60), rng.Intn(60)),
	}
}
