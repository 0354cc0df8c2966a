# ruff: noqa: E501
"""Tool definitions of the English half of blind slice 2: name -> description and JSON schema.

Rendered per dialect by bench/eval/blind/engine.py. Property shorthand: "string" / "integer" / "number" /
"boolean" / "array:string" / "object"; a trailing "?" marks an optional property; a list is a string enum;
a tuple (type, description) adds a description.
"""

from __future__ import annotations

from engine import tool_registry

REGISTRY, T = tool_registry()

# legal e-signature and contracts
T(
    "esign__send_envelope",
    "Send a document for electronic signature to one or more recipients. Returns the envelope id.",
    document_id=("string", "Id of an uploaded document, e.g. doc_8812"),
    recipients=("array:string", "Signer email addresses, in signing order"),
    subject="string",
    message="string?",
)
T(
    "esign__get_envelope_status",
    "Return the status of a signature envelope and of each recipient (sent, delivered, signed, declined).",
    envelope_id="string",
)
T(
    "esign__void_envelope",
    "Void an envelope that has not been completed; recipients can no longer sign it.",
    envelope_id="string",
    reason="string",
)
T(
    "contracts.search_clauses",
    "Full-text search inside the clauses of a stored contract; returns matching clause numbers and text.",
    contract_id="string",
    query="string",
)
# real-estate listings and property management
T(
    "searchListings",
    "Search active residential listings on the MLS feed.",
    city="string",
    maxPrice="integer?",
    minBeds="integer?",
    propertyType=(["house", "condo", "townhouse", "any"], "Type of property"),
)
T(
    "schedule_showing",
    "Book a viewing slot for a listing with the listing agent's calendar.",
    listing_id="string",
    start=("string", "ISO 8601 local datetime"),
    client_name="string",
)
T(
    "pm.create_work_order",
    "Open a maintenance work order for a rental unit and notify the vendor on call.",
    unit_id="string",
    category=["plumbing", "electrical", "hvac", "appliance", "pest", "other"],
    description="string",
    priority=["routine", "urgent", "emergency"],
)
T("pm.get_rent_ledger", "Charges, payments and balance of a tenant's rent ledger.", tenant_id="string")
# school LMS
T(
    "lms_get_grades",
    "Current grades of a student, per course, with the latest graded items.",
    student_id="string",
    course_id="string?",
)
T(
    "lms.list_assignments",
    "Assignments of a course with due dates and submission state.",
    course_id="string",
    status=(["upcoming", "missing", "submitted", "all"], "Filter"),
)
T("getTimetable", "Weekly class timetable of a student.", studentId="string", weekOf=("string", "YYYY-MM-DD"))
# sports scores and fantasy leagues
T("sports_live_score", "Live or final score of a team's current or most recent game.", league="string", team="string")
T("getStandings", "League table / standings for a season.", league="string", season="string?")
T(
    "fantasy__set_lineup",
    "Set the starting lineup of a fantasy team for a scoring period.",
    league_id="string",
    team_id="string",
    week="integer",
    starters="array:string",
)
T(
    "fantasy__get_waiver_wire",
    "Free agents available on the waiver wire of a fantasy league, ranked by projected points.",
    league_id="string",
    position=["QB", "RB", "WR", "TE", "K", "DEF", "ANY"],
)
# farm irrigation and soil sensors
T(
    "irrigation.start_zone",
    "Open the valve of an irrigation zone for a number of minutes.",
    zone_id="string",
    minutes="integer",
)
T("irrigation.get_schedule", "Programmed irrigation runs of a farm controller for the next 7 days.", farm_id="string")
T(
    "read_soil_probe",
    "Latest readings of a soil probe: volumetric water content (%), temperature (C), EC (dS/m) per depth.",
    probe_id="string",
)
# astronomy and satellite passes
T(
    "satellite_pass_predict",
    "Predict visible passes of a satellite over an observer location.",
    satellite=("string", "Name or NORAD catalog number"),
    lat="number",
    lon="number",
    days="integer?",
)
T(
    "getSkyConditions",
    "Astronomical observing forecast: cloud cover, seeing, transparency, moon phase for a night.",
    lat="number",
    lon="number",
    date="string",
)
# insurance claims and policies
T(
    "claims__file_claim",
    "File a new insurance claim under a policy.",
    policy_number="string",
    incident_date="string",
    loss_type=["auto_collision", "auto_glass", "water_damage", "theft", "fire", "other"],
    description="string",
)
T("claims__get_status", "Status, adjuster and payments of an insurance claim.", claim_id="string")
T(
    "policy_lookup",
    "Coverages, limits, deductibles and renewal date of an insurance policy.",
    policy_number="string",
)
# home solar and energy monitoring
T(
    "solar_get_production",
    "Solar production, home consumption, grid import/export (kWh) for a period.",
    site_id="string",
    period=["today", "yesterday", "week", "month"],
)
T(
    "setBatteryReserve",
    "Set the backup reserve of the home battery (percent kept for outages).",
    siteId="string",
    reservePercent="integer",
)
# 3D printers
T(
    "printer_start_job",
    "Start printing a sliced file on a networked 3D printer.",
    printer_id="string",
    file="string",
    material="string?",
)
T(
    "printer_get_status",
    "State of a 3D printer: job progress, temperatures, time remaining, errors.",
    printer_id="string",
)
T(
    "printer_set_temps",
    "Set target temperatures of a 3D printer's hotend and bed (C). 0 turns a heater off.",
    printer_id="string",
    hotend_c="integer?",
    bed_c="integer?",
)
# library catalog
T(
    "catalog_search",
    "Search the public library catalog; returns records with availability per branch.",
    query="string",
    format=(["book", "ebook", "audiobook", "dvd", "any"], "Material format"),
)
T("place_hold", "Place a hold on a catalog record for pickup at a branch.", record_id="string", pickup_branch="string")
T(
    "renewLoans",
    "Renew items checked out on a library card; returns new due dates or the reason a renewal was refused.",
    cardNumber="string",
    itemIds="array:string",
)
# veterinary and pet care
T(
    "vet_book_visit",
    "Book an appointment at the veterinary clinic.",
    pet_id="string",
    reason="string",
    date="string",
    time_pref=["morning", "afternoon", "any"],
)
T("getVaccineRecord", "Vaccination history and due dates of a pet.", petId="string")
# tax filing
T(
    "tax.estimate_refund",
    "Estimate the federal refund or amount owed from the figures entered in the return so far.",
    return_id="string",
)
T(
    "tax.efile_status",
    "Status of an e-filed return with the IRS and the state (accepted, rejected, pending).",
    return_id="string",
)
T(
    "tax.add_form",
    "Add an income form (W-2, 1099-INT, 1099-NEC, 1099-DIV...) with its boxes to a return.",
    return_id="string",
    form_type="string",
    boxes="object",
)
# photo editing
T(
    "photo_apply_preset",
    "Apply an editing preset to photos in the library.",
    asset_ids="array:string",
    preset="string",
    strength=("number?", "0-1, default 1"),
)
T(
    "exportImages",
    "Export photos to files.",
    assetIds="array:string",
    format=["jpeg", "png", "tiff", "webp"],
    longEdgePx="integer?",
)
# ad campaigns
T(
    "ads__get_campaign_metrics",
    "Impressions, clicks, CTR, conversions, spend and CPA of an ad campaign for a date range.",
    campaign_id="string",
    start_date="string",
    end_date="string",
)
T("ads__update_budget", "Change the daily budget of a campaign (account currency).", campaign_id="string", daily_budget="number")
T("pauseAdGroup", "Pause or resume an ad group.", adGroupId="string", paused="boolean")
# security cameras
T(
    "cam_list_events",
    "Motion / person / vehicle events recorded by a camera since a time.",
    camera_id="string",
    since="string",
    kind=(["any", "person", "vehicle", "animal", "package"], "Event type"),
)
T("cam.get_snapshot", "Take a still image from a camera now; returns an image URL and detected objects.", camera_id="string")
T("set_alarm_mode", "Arm or disarm the home security system.", mode=["away", "home", "off"], code="string?")
# DNS and domains
T("dns_list_records", "List DNS records of a zone.", zone="string", type="string?")
T(
    "dns_upsert_record",
    "Create or replace a DNS record.",
    zone="string",
    name="string",
    type=["A", "AAAA", "CNAME", "MX", "TXT", "CAA"],
    value="string",
    ttl="integer?",
)
T("domain_check_availability", "Check whether domain names can be registered, with the first-year price.", domains="array:string")
# Kubernetes operations
T("k8s.get_pods", "List pods in a namespace with phase, restarts and age.", namespace="string", selector="string?")
T(
    "k8s.scale_deployment",
    "Set the replica count of a deployment.",
    namespace="string",
    deployment="string",
    replicas="integer",
)
T(
    "k8s.get_logs",
    "Tail the logs of a pod's container.",
    namespace="string",
    pod="string",
    tail_lines="integer?",
    container="string?",
)
T("k8s.rollout_restart", "Trigger a rolling restart of a deployment.", namespace="string", deployment="string")
# feature flags
T("flags_get", "Read a feature flag's state, targeting rules and rollout per environment.", key="string")
T(
    "flags_set_rollout",
    "Set the percentage rollout of a feature flag in one environment.",
    key="string",
    environment=["dev", "staging", "production"],
    percent="integer",
)
T(
    "flags_toggle",
    "Turn a feature flag on or off in one environment (kill switch).",
    key="string",
    environment=["dev", "staging", "production"],
    enabled="boolean",
)
# payment refunds
T("payments__lookup_charge", "Find a card charge by order number or charge id.", query="string")
T(
    "payments__create_refund",
    "Refund all or part of a charge to the original payment method.",
    charge_id="string",
    amount_cents="integer?",
    reason=["requested_by_customer", "duplicate", "fraudulent", "other"],
)
T("payments__get_refund", "Status of a refund (pending, succeeded, failed) and expected arrival.", refund_id="string")
