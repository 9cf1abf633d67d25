// A Tenor v2 caller written the way web pages call it (the XMLHttpRequest helper of Tenor's own
// examples), run in a page of another origin. Resolves with what it found.
window.tenorClient = (base, apikey, searchTerm) =>
  new Promise((resolve, reject) => {
    function httpGetAsync(theUrl, callback) {
      const xmlHttp = new XMLHttpRequest();
      xmlHttp.onreadystatechange = () => {
        if (xmlHttp.readyState === 4 && xmlHttp.status === 200) callback(xmlHttp.responseText);
        else if (xmlHttp.readyState === 4) reject(new Error(`HTTP ${xmlHttp.status} for ${theUrl}`));
      };
      xmlHttp.open('GET', theUrl, true);
      xmlHttp.send(null);
    }
    const clientkey = 'my_test_app';
    const lmt = 4;
    const searchUrl = `${base}/search?q=${searchTerm}&key=${apikey}&client_key=${clientkey}&limit=${lmt}`;
    httpGetAsync(searchUrl, (first) => {
      const page = JSON.parse(first);
      const images = page.results.map((result) => {
        const img = document.createElement('img');
        img.src = result.media_formats.nanogif.url;
        img.alt = result.content_description;
        document.body.append(img);
        return img;
      });
      httpGetAsync(`${searchUrl}&pos=${page.next}`, (second) => {
        const shared = page.results[0].id;
        httpGetAsync(`${base}/registershare?id=${shared}&key=${apikey}&client_key=${clientkey}&q=${searchTerm}`, () => {
          Promise.all(images.map((img) => img.decode())).then(
            () =>
              resolve({
                first: page.results.map((r) => r.id),
                second: JSON.parse(second).results.map((r) => r.id),
                shared,
                decoded: images.length,
              }),
            reject,
          );
        });
      });
    });
  });
