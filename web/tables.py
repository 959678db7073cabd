"""The page tables' plumbing every app shares: paging a django-tables2 table from the query without a
500, and the status notes a standings row carries (the page's table in website/tables.py, the PDF and
sheet in paper/exports/standings.py)."""

from __future__ import annotations

import django_tables2 as tables
from django.core.paginator import EmptyPage
from django.utils.translation import gettext_lazy as _

from web.http import int_param

STATUS_NOTES = {"withdrawn": _("ausgeschieden"), "absent": _("nicht angetreten")}

MAX_PER_PAGE = 500


def configure(request, table: tables.Table, *, per_page: int | None) -> tables.Table:
    """django-tables2's RequestConfig, with the page and page size from the query clamped: a
    ?per_page=-1 or ?page=abc shows a sensible page instead of a 500."""
    table.request = request
    order_by = request.GET.getlist(table.prefixed_order_by_field)
    if order_by:
        table.order_by = order_by
    if per_page is None:
        return table
    size = int_param(request.GET, table.prefixed_per_page_field, per_page, low=1, high=MAX_PER_PAGE)
    page = int_param(request.GET, table.prefixed_page_field, 1, low=1)
    try:
        table.paginate(page=page, per_page=size)
    except EmptyPage:
        table.paginate(page=max(table.paginator.num_pages, 1), per_page=size)
    return table
