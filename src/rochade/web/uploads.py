"""`rochade serve --publish-to URL`, or the TD's website page's "after every change": after
the TD changes a tournament (a round paired, results entered), its site is uploaded in the
background, and the TD's evening page shows how the last upload went."""

from __future__ import annotations

from rochade import i18n
from rochade.service.errors import ServiceError
from rochade.service.publishing import site_setup, upload_target
from rochade.service.upload import Target, Uploaded, Uploader
from rochade.service.website import club_site
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


def follow_setup(web: Web) -> None:
    """Upload after every change as the club file's website setup says (the TD's website
    page saved it, or an earlier server did): started, moved to the new address, or stopped.
    An upload under way still ends; the last one's outcome stays on the evening page. A
    setup that cannot be followed (its credentials file gone) is said there instead."""
    before, web.uploader, web.upload_problem = web.uploader, None, None
    setup = site_setup(web.path)
    if setup.live:
        try:
            web.uploader = start(web, upload_target(setup))
        except ServiceError as exc:
            web.upload_problem = exc
    if before is not None:
        before.close(wait=0)
        if web.uploader is not None:
            web.uploader.state = before.state
