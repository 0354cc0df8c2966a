# ruff: noqa: E501
"""Tool definitions of the English half of blind slice 3: name -> description and JSON schema.

Rendered per dialect by engine.py. Property shorthand: "string" / "integer" / "number" / "boolean" /
"array:string" / "object"; a trailing "?" marks an optional property; a list is a string enum; a tuple
(type, description) adds a description.
"""

from __future__ import annotations

from engine import tool_registry

REGISTRY, T = tool_registry()

# ---------------------------------------------------------------- drone flight control
T(
    "drone_arm_and_takeoff",
    "Arm the motors of a registered UAV and climb to the given altitude above the launch point.",
    drone_id="string",
    altitude_m=("number", "Target altitude AGL in metres (max 120)"),
)
T(
    "drone.set_waypoints",
    "Upload a mission of waypoints (lat,lon,alt strings) to a UAV and start flying it.",
    drone_id="string",
    waypoints="array:string",
    speed_mps="number?",
)
T(
    "getDroneTelemetry",
    "Latest telemetry frame of a UAV: battery, GPS fix, altitude, ground speed, flight mode.",
    droneId="string",
)
T("drone_return_to_home", "Command a UAV to abort its mission and fly back to its home point.", drone_id="string")

# ---------------------------------------------------------------- fleet and truck tracking
T(
    "fleet__get_vehicle_location",
    "Current GPS position, speed and heading of a fleet vehicle, with the nearest address.",
    vehicle_id="string",
)
T(
    "fleet__list_hos_violations",
    "Hours-of-service violations recorded by the ELD for one driver or the whole fleet.",
    since=("string", "ISO date"),
    driver_id="string?",
)
T(
    "reefer_set_temperature",
    "Change the setpoint of a refrigerated trailer unit.",
    trailer_id="string",
    setpoint_c="number",
)

# ---------------------------------------------------------------- factory PLC and machine telemetry
T(
    "plc_read_tag",
    "Read the current value of a tag from a PLC on the plant network (OPC UA).",
    plc="string",
    tag="string",
)
T(
    "plc_write_tag",
    "Write a value to a writable PLC tag. Writes are logged and need operator rights.",
    plc="string",
    tag="string",
    value="string",
)
T(
    "machineOeeReport",
    "Availability, performance, quality and OEE of a production line for one shift.",
    lineId="string",
    shift=["A", "B", "C"],
    date="string?",
)

# ---------------------------------------------------------------- retail POS and store inventory
T(
    "pos.void_transaction",
    "Void a completed register transaction by receipt number. Requires a reason code.",
    store_id="string",
    receipt_no="string",
    reason=["customer_request", "cashier_error", "price_dispute", "test"],
)
T(
    "store_inventory_count",
    "On-hand, on-order and last-counted quantity of a SKU in one store.",
    store_id="string",
    sku="string",
)
T(
    "createStockTransfer",
    "Create an inter-store transfer of merchandise.",
    fromStore="string",
    toStore="string",
    sku="string",
    qty="integer",
)

# ---------------------------------------------------------------- restaurant kitchen display
T("kds_list_open_tickets", "List the tickets currently open on the kitchen display, oldest first.", station="string?")
T("kds_bump_ticket", "Mark a ticket as done on a station's screen (bump).", station="string", ticket_no="integer")
T(
    "eighty_six_item",
    "Mark a menu item as unavailable on all ordering channels until the given time or until restocked.",
    menu_item="string",
    until="string?",
)

# ---------------------------------------------------------------- hotel housekeeping
T(
    "hk_room_status",
    "Housekeeping status of rooms (vacant clean, vacant dirty, occupied, out of order, inspected).",
    rooms="array:string",
)
T(
    "hk_assign_room_cleaning",
    "Put a room on an attendant's cleaning board.",
    room="string",
    attendant="string",
    priority=["normal", "rush"],
)

# ---------------------------------------------------------------- loyalty points
T("loyalty_get_member", "Points balance, tier and expiring points of a loyalty member.", member_id="string")
T(
    "loyalty.adjust_points",
    "Credit or debit points on a member account (negative delta debits). Writes an audit entry.",
    member_id="string",
    delta="integer",
    reason="string",
)

# ---------------------------------------------------------------- observability
T(
    "loki_query_logs",
    "Run a LogQL query over the last N minutes and return matching lines (max 200).",
    query="string",
    minutes="integer?",
)
T("tempo_get_trace", "Fetch one distributed trace by id, with its spans and durations.", trace_id="string")
T(
    "grafana.panel_snapshot",
    "Evaluate the queries of a dashboard panel for a time range and return the series summary.",
    dashboard_uid="string",
    panel="string",
    range=("string", "e.g. now-6h"),
)

# ---------------------------------------------------------------- incident paging and on-call
T(
    "pd_trigger_incident",
    "Open an incident on a PagerDuty service and page its escalation policy.",
    service="string",
    title="string",
    urgency=["high", "low"],
)
T("oncall_current", "Who is on call right now for a schedule, and until when.", schedule="string")
T("pd_acknowledge", "Acknowledge an incident so that it stops escalating.", incident_id="string")

# ---------------------------------------------------------------- database backups and restores
T("pgbackrest_list_backups", "List the backups of a Postgres stanza (full, diff, incr) with sizes.", stanza="string")
T(
    "pgbackrest_restore_pitr",
    "Restore a stanza to a new cluster at a point in time.",
    stanza="string",
    target_time="string",
    target_cluster="string",
)
T(
    "mongoSnapshotCreate",
    "Take an on-demand snapshot of a MongoDB Atlas cluster.",
    cluster="string",
    description="string?",
    retention_days="integer?",
)

# ---------------------------------------------------------------- git branches and tags
T("git_list_branches", "List branches of a repository, with last commit date and author.", repo="string", pattern="string?")
T(
    "git_create_tag",
    "Create an annotated tag on a commit or branch head and push it.",
    repo="string",
    tag="string",
    ref="string",
    message="string?",
)
T("git_delete_branch", "Delete a remote branch.", repo="string", branch="string")

# ---------------------------------------------------------------- container registries
T(
    "registry__list_tags",
    "List the image tags of a container repository with digest, size and push date.",
    repository="string",
    limit="integer?",
)
T(
    "registry__scan_report",
    "Vulnerability scan summary (critical/high/medium counts, fixable CVEs) of an image tag.",
    repository="string",
    tag="string",
)

# ---------------------------------------------------------------- secrets vaults
T(
    "vault_secret_metadata",
    "Metadata of a KV v2 secret: versions, created/updated times, who wrote them. Never returns values.",
    path="string",
)
T(
    "vault.rotate_credential",
    "Rotate a dynamic or static credential managed by the vault and return the new version number.",
    path="string",
)

# ---------------------------------------------------------------- game servers
T(
    "gameserver_restart",
    "Restart a dedicated game server, broadcasting a countdown to connected players.",
    server_id="string",
    warn_minutes="integer",
)
T("listPlayersOnline", "Players connected to a game server, with ping and session length.", serverId="string")

# ---------------------------------------------------------------- marine weather and tides
T(
    "tide_predictions",
    "High and low tide times and heights for a tide station.",
    station="string",
    date=("string", "YYYY-MM-DD"),
    days="integer?",
)
T(
    "marine_zone_forecast",
    "Coastal marine forecast for a zone: wind, gusts, wave height, period, visibility, warnings.",
    zone="string",
)

# ---------------------------------------------------------------- hiking trails
T(
    "search_trails",
    "Find hiking trails near a place, filtered by length and difficulty.",
    near="string",
    max_km="number?",
    difficulty=["easy", "moderate", "hard", "any"],
)
T("trail_conditions", "Latest reported conditions and closures of a trail.", trail_id="string")

# ---------------------------------------------------------------- museum tickets
T(
    "museum_slots",
    "Timed-entry slots with remaining capacity for a museum on a date.",
    museum="string",
    date="string",
)
T(
    "book_museum_entry",
    "Book timed-entry tickets and return the booking reference.",
    museum="string",
    date="string",
    slot="string",
    adults="integer",
    children="integer?",
)

# ---------------------------------------------------------------- charity donations
T(
    "give_donate",
    "Make a one-time or monthly donation to a registered charity with the saved card.",
    charity_id="string",
    amount="number",
    currency="string",
    monthly="boolean?",
)
T("giving_tax_receipts", "List the donation receipts of a tax year with totals per charity.", year="integer")

# ---------------------------------------------------------------- crypto wallets
T("wallet_balances", "Balances of every asset in a self-custody wallet, with fiat value.", wallet="string")
T(
    "wallet_send_asset",
    "Sign and broadcast a transfer from a wallet. Returns the transaction hash.",
    wallet="string",
    asset="string",
    amount="string",
    to="string",
    network="string",
)
T("chain_gas_estimate", "Current network fee estimate (slow/standard/fast) for a chain.", network="string")

# ---------------------------------------------------------------- recruiting ATS
T(
    "ats.search_candidates",
    "Search candidates in the applicant tracking system by keywords and requisition.",
    query="string",
    requisition_id="string?",
)
T(
    "ats.move_stage",
    "Move a candidate to another pipeline stage of a requisition (emails the candidate if the stage has a template).",
    candidate_id="string",
    stage=["screen", "onsite", "offer", "rejected", "hired"],
)
T(
    "ats_schedule_interview",
    "Create an interview event with panel members and send invites.",
    candidate_id="string",
    start="string",
    duration_min="integer",
    interviewers="array:string",
)

# ---------------------------------------------------------------- payroll runs
T(
    "payroll_preview_run",
    "Compute a draft payroll run for a pay group and period: gross, taxes, net, employee count, warnings.",
    pay_group="string",
    period_end="string",
)
T(
    "payroll_submit_run",
    "Submit an approved draft run for payment. Funds are debited two banking days before pay date.",
    run_id="string",
)

# ---------------------------------------------------------------- purchase orders
T(
    "createPurchaseOrder",
    "Raise a purchase order to a supplier; lines are 'sku x qty @ unit price'.",
    vendorId="string",
    lines="array:string",
    shipTo="string",
)
T("purchaseOrderStatus", "Status, approvals, receipts and invoice match of a purchase order.", poNumber="string")
T("approve_po", "Approve a purchase order waiting for the caller's approval.", po_number="string", comment="string?")
