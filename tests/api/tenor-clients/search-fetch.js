// A Tenor v2 caller written the way current web GIF pickers call it: fetch with async/await, the
// search box's term, `pos` for "load more", a media filter for small previews, and registershare when
// a GIF is picked. Run in a page of another origin. Resolves with what it found.
window.tenorFetchClient = async (base, apiKey, searchTerm) => {
  const clientKey = 'gif_picker';
  const params = new URLSearchParams({
    q: searchTerm,
    key: apiKey,
    client_key: clientKey,
    limit: '3',
    media_filter: 'tinygif,gif',
    contentfilter: 'medium',
  });
  const response = await fetch(`${base}/search?${params}`);
  if (!response.ok) throw new Error(`Tenor search failed: ${response.status}`);
  const first = await response.json();
  const previews = first.results.map((result) => {
    const img = document.createElement('img');
    img.src = result.media_formats.tinygif.url;
    img.alt = result.content_description;
    document.body.append(img);
    return img;
  });
  params.set('pos', first.next);
  const second = await (await fetch(`${base}/search?${params}`)).json();
  const picked = first.results[0];
  const share = await fetch(
    `${base}/registershare?${new URLSearchParams({ id: picked.id, key: apiKey, client_key: clientKey, q: searchTerm })}`,
  );
  if (!share.ok) throw new Error(`registershare failed: ${share.status}`);
  await Promise.all(previews.map((img) => img.decode()));
  return { first: first.results.map((r) => r.id), second: second.results.map((r) => r.id), shared: picked.id, decoded: previews.length };
};
