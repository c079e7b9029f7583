"""`rochade serve --publish-to URL`: after the TD changes a tournament (a round paired,
results entered), its site is uploaded in the background, and the TD's evening page shows
how the last upload went."""

from __future__ import annotations

from rochade.service.upload import Target, Uploaded, Uploader
from rochade.service.website import club_site
from rochade.web import i18n
from rochade.web.base import Web


def start(web: Web, to: Target) -> Uploader:
    """The uploads of the app's tournaments to `to`: each in the language of the TD page
    whose change asked for it."""

    def upload(number: int, lang: str) -> Uploaded:
        svc = web.service()
        names = svc.tournament_names()
        if not 1 <= number <= len(names):  # deleted meanwhile: nothing to upload
            return Uploaded((), (), 0)
        return to.send(club_site(svc, names[number - 1], i18n.site_csv(lang),
                                 i18n.language(lang)))

    return Uploader(to.where, upload)
