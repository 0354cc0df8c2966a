# ruff: noqa: E501
"""Tool definitions of the English half of blind slice 4 (name -> description and JSON schema).

Property shorthand (see ../blind/engine.py): "string" / "integer" / "number" / "boolean" / "array:string" /
"object"; a trailing "?" marks an optional property; a list is a string enum; a tuple (type, description) adds a
description.
"""

from __future__ import annotations

from engine import tool_registry

REGISTRY, T = tool_registry()

# airline crew scheduling
T("crew_roster_lookup", "Return the published duty roster of one crew member for a date range (pairings, report times, layovers).",
  employee_id="string", start_date=("string", "YYYY-MM-DD"), end_date=("string", "YYYY-MM-DD"))
T("swapCrewDuty", "Submit a trip trade between two crew members; crew control approves or rejects it.",
  pairing_id="string", from_employee="string", to_employee="string", reason="string?")
T("crewsched.check_legality", "Check a proposed pairing assignment against FAR 117 flight/duty limits and rest rules.",
  employee_id="string", pairing_id="string")
# aircraft maintenance logs
T("mx_log_search", "Search the technical log of an aircraft by tail number, ATA chapter or free text.",
  tail="string", ata_chapter="string?", text="string?", days_back="integer?")
T("amos__open_defect", "Open a new defect entry (tech log item) against an aircraft.",
  tail="string", ata_chapter="string", description="string", mel_item="string?")
T("getDeferredItems", "List open MEL/CDL deferred items for a tail with their category and expiry.", tail="string")
# construction site management
T("site_daily_report_create", "File the superintendent's daily report for a job site (crews, weather, work done, delays).",
  project_id="string", date="string", summary="string", crew_count="integer?")
T("listOpenRFIs", "List open requests for information on a project, with ball-in-court and days open.",
  project_id="string", discipline="string?")
T("inspection_book", "Book a municipal or third-party inspection for a project.",
  project_id="string", inspection_type="string", date="string", slot=["am", "pm"])
# utility outage reports
T("outage_lookup_by_address", "Look up whether a service address is inside an active power outage and return its ETR.",
  address="string")
T("report_outage", "Create an outage report for a customer premise (no power, partial power, flickering, line down).",
  account_number="string", symptom=["no_power", "partial_power", "flickering", "line_down"], notes="string?")
T("grid.crew_eta", "Return the dispatch status and estimated arrival of the field crew assigned to an outage incident.",
  incident_id="string")
# telecom network operations
T("noc__get_cell_site_alarms", "List active alarms for a cell site (severity, raised time, managed object).", site_id="string")
T("run_traceroute", "Run a traceroute from a named probe to a target host or IP and return the hops.",
  probe="string", target="string")
T("set_port_admin_state", "Administratively enable or disable an interface on a network element.",
  device="string", interface="string", state=["up", "down"])
# concert and venue ticketing
T("venue_seatmap_availability", "Return available seats by section and price level for an event.",
  event_id="string", section="string?", quantity="integer?")
T("holdSeats", "Place a 10-minute hold on specific seats for an event; returns a hold token.",
  event_id="string", seats="array:string")
T("ticketing.transfer_ticket", "Transfer a purchased ticket to another person by e-mail.",
  order_id="string", ticket_id="string", recipient_email="string")
# university admissions
T("admissions__get_application_status", "Return the status of an admissions application (stage, decision, checklist).",
  applicant_id="string")
T("list_missing_documents", "List checklist items still missing for an application (transcripts, letters, test scores).",
  applicant_id="string")
T("waive_application_fee", "Apply a fee waiver to an application with a reason code.",
  applicant_id="string", reason_code=["financial_need", "veteran", "event_attendee", "staff_discretion"])
# clinical trials
T("ctms_enrollment_counts", "Enrollment counts for a study by site: screened, randomized, screen failures, withdrawn.",
  protocol="string", site_id="string?")
T("screen_patient_eligibility", "Evaluate a subject against the protocol inclusion/exclusion criteria; returns each criterion.",
  protocol="string", subject_id="string")
T("log_adverse_event", "Record an adverse event for a trial subject (term, severity grade, seriousness, onset date).",
  protocol="string", subject_id="string", term="string", grade="integer", serious="boolean", onset="string")
# LIMS
T("lims.sample_locate", "Return the storage location (freezer, rack, box, position) and status of a sample by barcode.",
  barcode="string")
T("lims.chain_of_custody", "Return the custody events of a sample: who handled it, when, and what was done.", barcode="string")
T("registerSampleBatch", "Register a batch of received samples in the LIMS with matrix and requested tests.",
  project="string", barcodes="array:string", matrix="string", tests="array:string")
# newsroom CMS
T("cms__get_article", "Fetch an article from the CMS by slug or id: headline, status, byline, publish time, word count.",
  article="string")
T("cms_schedule_article", "Schedule an article for publication at a given time (newsroom time zone).",
  article="string", publish_at="string")
T("cms_update_headline", "Change the headline (and optionally the SEO title) of an article.",
  article="string", headline="string", seo_title="string?")
# e-commerce returns
T("rma_create", "Create a return merchandise authorization for items of an order; returns the RMA and label link.",
  order_id="string", sku="string", reason=["damaged", "wrong_item", "no_longer_needed", "size"], quantity="integer?")
T("getReturnStatus", "Return the status of an RMA: label scanned, received at warehouse, inspected, refunded.", rma="string")
T("issue_store_credit", "Issue store credit to a customer account.", customer_id="string", amount="number", currency="string", note="string?")
# subscription billing
T("billing.get_subscription", "Return a customer's subscription: plan, seats, price, renewal date, payment method.", customer_id="string")
T("list_invoices", "List the invoices of a customer with amount, status and due date.", customer_id="string", limit="integer?")
T("pause_subscription", "Pause a subscription for a number of billing cycles.", subscription_id="string", cycles="integer")
T("apply_coupon_to_subscription", "Apply a coupon code to a subscription from the next invoice.", subscription_id="string", coupon="string")
# warehouse robots
T("fleet_robot_status", "Status of the mobile robots in a warehouse: battery, task, zone, faults.", site="string", robot_id="string?")
T("send_robot_to_dock", "Send a robot to its charging dock, aborting its current task.", robot_id="string")
T("amr__set_zone_speed_limit", "Set the maximum speed (m/s) for robots inside a warehouse zone.", site="string", zone="string", max_speed_mps="number")
# cold-chain pharma shipments
T("coldchain_temp_log", "Temperature readings of a shipment's data logger (min, max, time out of range).", shipment_id="string")
T("shipment_excursion_report", "File a temperature excursion report for a shipment for QA disposition.",
  shipment_id="string", excursion_minutes="integer", max_temp_c="number", comment="string?")
T("getLoggerBattery", "Battery level and last upload of a cold-chain data logger.", logger_id="string")
# fishing licences
T("purchase_fishing_license", "Buy a recreational fishing licence for a resident or non-resident.",
  holder_name="string", license_type=["annual_resident", "annual_nonresident", "3_day", "1_day"], date_of_birth="string")
T("fishing_regulations_lookup", "Season dates, bag and size limits for a species in a water body.", species="string", water_body="string")
# city 311 requests
T("create_311_request", "Create a city service request (pothole, graffiti, streetlight, missed pickup, noise).",
  category="string", address="string", description="string")
T("get311RequestStatus", "Status and assigned department of a 311 service request.", request_id="string")
# elevator maintenance
T("elevator_fault_history", "Fault codes logged by an elevator controller over a period.", unit_id="string", days="integer?")
T("schedule_elevator_service", "Schedule a technician visit for an elevator unit.", unit_id="string", date="string", reason="string")
T("elevator.set_out_of_service", "Mark an elevator unit out of service (or back in service) in the building system.",
  unit_id="string", out_of_service="boolean", note="string?")
# building HVAC management
T("bms_read_zone_temps", "Current temperature, setpoint and damper position of BMS zones on a floor.", building="string", floor="string")
T("bms__set_setpoint", "Change the cooling/heating setpoint (°C) of a BMS zone.", building="string", zone="string", setpoint_c="number")
T("hvac_schedule_override", "Override the occupancy schedule of an air handler for a time window.",
  building="string", ahu="string", start="string", end="string", mode=["occupied", "unoccupied"])
# wine cellar inventory
T("cellar_find_bottle", "Find bottles in the cellar inventory by producer, wine, vintage; returns bin and count.", query="string")
T("cellar_log_consumption", "Record bottles removed from the cellar (drunk, gifted, sold).", bin="string", count="integer", reason="string?")
T("wine_drinking_window", "Critic consensus drinking window for a wine and vintage.", wine="string", vintage="integer")
# online auctions
T("getLotDetails", "Details of an auction lot: current bid, bid count, reserve met, closing time, condition report.", lot_id="string")
T("auction_place_bid", "Place a bid (or a maximum proxy bid) on a lot.", lot_id="string", amount="number", max_proxy="boolean?")
T("auction.watchlist_add", "Add a lot to the user's watchlist with an optional alert before closing.", lot_id="string", alert_minutes_before="integer?")
