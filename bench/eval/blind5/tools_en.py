"""Tool definitions of the English half of blind slice 5 (name -> description and JSON schema).

Domains: genealogy, patents, court dockets, volunteer rosters, regattas, ski lifts and passes, golf, bowling and
escape rooms, orchestra rehearsals, theatre box office, bike share, EV depots, park irrigation, beehives, aquarium
chemistry, mining telemetry, oil-rig maintenance, satellite ground stations, radio playout, polling stations.
"""

from __future__ import annotations

from engine import tool_registry

REGISTRY, T = tool_registry()

# genealogy
T(
    "search_census_records",
    "Search digitised census transcriptions by name, year and place. Returns matching household entries.",
    surname="string",
    given_name="string?",
    census_year="integer",
    county=("string?", "county or district, free text"),
)
T("getParishRegisterEntry", "Fetch one baptism, marriage or burial entry from a parish register by its reference.",
  register_ref="string")
T(
    "familytree__add_person",
    "Add a person to the user's family tree and link them to an existing relative.",
    tree_id="string",
    full_name="string",
    relation=["parent", "child", "spouse", "sibling"],
    relative_id="string",
    born="string?",
)
# patents
T(
    "prior_art_search",
    "Full-text search over granted patents and published applications; filters by CPC class and priority date.",
    query="string",
    cpc="string?",
    before=("string?", "ISO date, only documents published before it"),
    limit="integer?",
)
T("uspto.get_application_status", "Current status, last action and deadlines of a US patent application.",
  application_number="string")
T("payMaintenanceFee", "Pay a maintenance or annuity fee for a granted patent from the firm's deposit account.",
  patent_number="string", fee_window=["3.5y", "7.5y", "11.5y"], deposit_account="string")
# court dockets
T("docket_fetch", "Return the docket sheet (entries, dates, parties) for a federal or state case.",
  court=("string", "court code, e.g. nysd, cand, txed"), case_number="string", since="string?")
T("pacer__download_document", "Download a document attached to a docket entry (billed per page).",
  court="string", case_number="string", entry_number="integer")
T("list_hearings", "List scheduled hearings for a judge or courtroom on a date range.",
  courtroom="string", date_from="string", date_to="string")
# volunteer rosters
T("roster_list_shifts", "List volunteer shifts for an event with filled and open spots.", event_id="string",
  date="string?")
T("assignVolunteer", "Put a volunteer on a shift; fails if the shift is full or the person lacks a required check.",
  volunteer_id="string", shift_id="string")
T("volunteer_lookup", "Find volunteers by name, phone or skill; returns ids, checks (DBS etc.) and hours this year.",
  q="string")
# sailing regattas
T("regatta_results", "Results and standings for a regatta, optionally one race or one fleet.", regatta_id="string",
  race="integer?", fleet="string?")
T("register_regatta_entry", "Enter a boat in a regatta: sail number, class, helm, crew count.", regatta_id="string",
  sail_number="string", boat_class="string", helm="string", crew="integer")
T("course_wind_obs", "Latest wind speed/direction/gust readings from the committee boat and marks.", area="string")
# ski resort
T("lift_status_board", "Open/closed/on-hold status and wait times of every lift at a resort.", resort="string")
T("skipass__purchase", "Buy a lift pass and load it on a card.", resort="string",
  pass_type=["day", "half-day", "3-day", "6-day", "season"], date="string", holder="string", card_no="string?")
T("getSnowReport", "Snow depth, new snow, grooming and avalanche level for a resort.", resort="string")
# golf
T("teetime_search", "Search available tee times at a course.", course="string", date="string", players="integer",
  after="string?")
T("teetime_book", "Book a tee time slot.", slot_id="string", players="integer", lead_name="string",
  carts="integer?")
T("teetime_cancel", "Cancel a tee-time booking by confirmation code.", confirmation="string")
# bowling and escape rooms
T("bowling.lane_availability", "Free bowling lanes at a centre for a date, by hour.", centre="string", date="string")
T("bowling.reserve_lane", "Reserve bowling lanes.", centre="string", date="string", start="string",
  lanes="integer", shoes="integer?")
T("escapeRoomBook", "Book an escape-room session.", venue="string", room="string", date="string", time="string",
  team_size="integer")
# orchestra
T("musician_availability", "Which players of the orchestra are available on given dates (from their calendars).",
  section=["strings", "woodwind", "brass", "percussion", "all"], dates="array:string")
T("rehearsal_schedule_create", "Create a rehearsal call in the orchestra schedule and notify the players.",
  date="string", start="string", end="string", hall="string", sections="array:string", repertoire="string?")
T("hall_booking_check", "Check whether a rehearsal hall is free.", hall="string", date="string")
# theatre box office
T("boxoffice__seat_map", "Seat availability and prices for a performance.", performance_id="string",
  zone="string?")
T("boxoffice__hold_seats", "Hold seats for a customer for 15 minutes and return a hold id.",
  performance_id="string", seats="array:string", customer_email="string")
T("boxoffice__refund_order", "Refund an order or part of it to the original payment method.", order_id="string",
  seats="array:string?", reason="string?")
# bike share
T("dock_fill_levels", "Bikes and free docks at stations in a zone, with e-bike counts.", zone="string")
T("create_rebalance_task", "Create a van task to move bikes between two stations.", from_station="string",
  to_station="string", bikes="integer", ebikes="integer?", priority=["low", "normal", "urgent"])
T("fleet.bike_health", "Bikes reported broken or with low battery, by station.", zone="string?")
# EV depots
T("depot_charger_status", "State of every charger at a depot: free, charging (vehicle, SoC, kW), fault.",
  depot="string")
T("scheduleVehicleCharge", "Plan a vehicle's charging session: charger, start time, target state of charge.",
  vehicle_id="string", charger_id="string", start="string", target_soc="integer")
T("evdepot.set_site_power_cap", "Set the depot's grid power cap in kW for a time window.", depot="string",
  cap_kw="number", window="string")
# park irrigation
T("irrigation_zone_status", "Valve state, last run, flow and schedule of irrigation zones in a park.",
  park="string")
T("setIrrigationSchedule", "Set or change an irrigation zone's schedule.", park="string", zone="string",
  days="array:string", start="string", minutes="integer")
T("soil_moisture_readings", "Latest volumetric soil moisture (%) from probes in a park.", park="string",
  zone="string?")
# beekeeping
T("hive_sensor_latest", "Latest weight, brood temperature, humidity and sound level of a hive.", hive_id="string")
T("hive.log_inspection", "Record a hive inspection: queen seen, frames of brood, stores, notes.", hive_id="string",
  queen_seen="boolean", brood_frames="integer", notes="string?")
# aquarium
T("tank_water_params", "Latest water chemistry of a tank: pH, ammonia, nitrite, nitrate, alkalinity, Ca, Mg, temp.",
  tank_id="string")
T("dosing_pump_set", "Set a dosing pump's daily volume.", tank_id="string", channel=["alk", "ca", "mg", "trace"],
  ml_per_day="number")
# mining
T("haul_truck_telemetry", "Live telemetry of a haul truck: payload, speed, engine hours, tyre pressures, faults.",
  truck_id="string")
T("equipment_fault_codes", "Active and recent fault codes for a mine asset with severity.", asset_id="string",
  hours="integer?")
T("mine.open_work_order", "Open a maintenance work order for a mine asset.", asset_id="string", title="string",
  priority=["P1", "P2", "P3"])
# oil rig
T("rig_maintenance_backlog", "Open maintenance jobs on a rig, filter by system and criticality.", rig="string",
  system="string?", critical_only="boolean?")
T("createPermitToWork", "Raise a permit to work for a job (hot work, confined space, electrical isolation...).",
  rig="string", job_id="string", permit_type=["hot_work", "cold_work", "confined_space", "electrical_isolation"],
  start="string")
# satellite ground stations
T("groundstation_passes", "Predicted passes of a satellite over a ground station (AOS, LOS, max elevation).",
  satellite="string", station="string", date="string")
T("reserveAntennaContact", "Reserve an antenna for a satellite contact window.", station="string",
  antenna="string", satellite="string", aos="string", los="string")
# radio playout
T("playout.get_log", "Playout log for a station and hour: items, start times, durations.", station="string",
  date="string", hour="integer")
T("playout.insert_spot", "Insert an ad spot or promo into a break of the playout log.", station="string",
  date="string", hour="integer", break_no="integer", cart_id="string")
# polling stations
T("polling_station_lookup", "Find the assigned polling station for an address or precinct.",
  address_or_precinct="string")
T("ballot_stock_status", "Ballot papers, envelopes and seals on hand at a polling station.", station_id="string")
T("dispatch_supply_run", "Send a logistics runner with supplies to a polling station.", station_id="string",
  items=("object", "item -> quantity"), urgent="boolean?")
