# A Tenor v2 caller written the way Python bots and scripts call it (requests, a formatted URL,
# json.loads on the content), with the base URL taken from the environment instead of Tenor's.
import json
import os
import sys

import requests

base = os.environ.get("TENOR_BASE", "https://tenor.googleapis.com/v2")
apikey = os.environ["TENOR_KEY"]
ckey = "my_test_app"
search_term = sys.argv[1] if len(sys.argv) > 1 else "excited"
lmt = 4

r = requests.get("%s/search?q=%s&key=%s&client_key=%s&limit=%s" % (base, search_term, apikey, ckey, lmt))
if r.status_code != 200:
    sys.exit("search failed: %s" % r.status_code)
top_gifs = json.loads(r.content)
gif_urls = [result["media_formats"]["gif"]["url"] for result in top_gifs["results"]]

# The next page, as the docs show: pass `next` back as `pos`.
r = requests.get(base + "/search", params={"q": search_term, "key": apikey, "client_key": ckey, "limit": lmt, "pos": top_gifs["next"]})
next_page = r.json()

# Tell Tenor which GIF the user shared.
shared = top_gifs["results"][0]["id"]
r = requests.get(base + "/registershare", params={"id": shared, "key": apikey, "client_key": ckey, "q": search_term})

print(json.dumps({
    "first": [result["id"] for result in top_gifs["results"]],
    "gif_urls": gif_urls,
    "second": [result["id"] for result in next_page["results"]],
    "shared": shared,
    "share_status": r.status_code,
}))
