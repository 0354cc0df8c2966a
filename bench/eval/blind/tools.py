"""Tool definitions of the blind slice: name -> description and JSON schema (rendered per dialect by engine.py).

Property shorthand: "string" / "integer" / "number" / "boolean" / "array:string" / "object"; a trailing "?" marks
an optional property; a list is a string enum; a tuple (type, description) adds a description.
"""

from __future__ import annotations

from engine import tool_registry

REGISTRY, T = tool_registry()


# code execution
T(
    "run_python",
    "Execute a Python snippet in a sandbox and return stdout, stderr and the value of the last line.",
    code=("string", "Python source"),
    timeout_s="integer?",
)
T("exec_shell", "Run a shell command in the project workspace container.", command="string", cwd="string?")
# SQL / data
T(
    "sql_query",
    "Run a read-only SQL query against one of the analytics databases.",
    database=["warehouse", "billing", "crm_replica"],
    query="string",
)
T("describeTable", "Return the columns and types of a database table.", table="string")
# issue trackers
T(
    "jira.create_issue",
    "Create a Jira issue.",
    project="string",
    summary="string",
    issue_type=["Bug", "Task", "Story"],
    priority=["Low", "Medium", "High", "Critical"],
)
T("jira.search_issues", "Search Jira issues with JQL.", jql="string", max_results="integer?")
T(
    "linear_update_issue",
    "Update the state or assignee of a Linear issue.",
    issue_id="string",
    state="string?",
    assignee="string?",
)
T(
    "github__list_pull_requests",
    "List pull requests of a GitHub repository.",
    repo="string",
    state=["open", "closed", "all"],
)
T(
    "github__merge_pull_request",
    "Merge a pull request.",
    repo="string",
    number="integer",
    method=["merge", "squash", "rebase"],
)
# CI/CD
T("trigger_pipeline", "Start a CI pipeline for a project and branch.", project="string", branch="string")
T("getBuildStatus", "Return the status and failing jobs of a CI pipeline run.", pipelineId="string")
T(
    "rollback_deployment",
    "Roll a service back to an earlier release.",
    service="string",
    environment=["staging", "production"],
    to_version="string",
)
# navigation
T(
    "route_directions",
    "Compute a route between two places.",
    origin="string",
    destination="string",
    mode=["driving", "walking", "transit", "cycling"],
)
T("find_nearby_places", "Find places of a kind near a location.", query="string", near="string", open_now="boolean?")
T("traffic_eta", "Current travel time by car, including traffic.", origin="string", destination="string")
# bills and banking
T("pay_bill", "Pay a bill from one of the user's accounts.", biller_id="string", amount="number", from_account="string")
T("list_upcoming_bills", "List bills due in the next days.", days_ahead="integer")
T("get_account_balance", "Return the current balance of an account.", account_id="string")
T(
    "transfer_funds",
    "Transfer money between accounts or to a saved payee.",
    from_account="string",
    to="string",
    amount="number",
    currency="string",
)
T(
    "list_transactions",
    "List card or account transactions in a date range.",
    account_id="string",
    since=("string", "ISO date"),
    until="string?",
    merchant="string?",
)
T("freeze_card", "Temporarily freeze or unfreeze a payment card.", card_last4="string", frozen="boolean")
# device control / IoT / home
T("setClimateZone", "Set the target temperature of a heating/cooling zone.", zone="string", celsius="number")
T("lock_door", "Lock or unlock a smart lock.", door_id="string", locked="boolean")
T(
    "robot_vacuum_start",
    "Start the robot vacuum in the given rooms.",
    rooms="array:string",
    suction=["quiet", "standard", "max"],
)
T(
    "adjust_speaker_volume",
    "Change the volume of a smart speaker by steps.",
    device="string",
    direction=["up", "down"],
    steps="integer",
)
T(
    "set_light_scene",
    "Apply a lighting scene or brightness to a room.",
    room="string",
    scene="string?",
    brightness_pct="integer?",
)
T("tv_switch_channel", "Switch the living-room TV to a channel or input.", channel="string")
# calendar / email
T(
    "schedule_meeting",
    "Put a meeting on the user's calendar and invite attendees.",
    title="string",
    start=("string", "ISO datetime"),
    duration_min="integer",
    attendees="array:string?",
)
T(
    "find_free_slots",
    "Find common free slots of attendees on a date.",
    attendees="array:string",
    date="string",
    duration_min="integer",
)
T(
    "compose_and_send_mail",
    "Send an email from the user's mailbox.",
    to="array:string",
    subject="string",
    body="string",
    cc="array:string?",
)
T("search_inbox", "Search the user's mailbox.", query="string", limit="integer?")
# CRM / HR
T("crm_lookup_contact", "Look up a contact or account in the CRM.", name_or_email="string")
T(
    "salesforce.update_opportunity",
    "Update stage or amount of a Salesforce opportunity.",
    opportunity_id="string",
    stage="string?",
    amount="number?",
)
T(
    "hubspotLogActivity",
    "Log a call, meeting or note on a HubSpot contact.",
    contact_id="string",
    kind=["call", "meeting", "note"],
    body="string",
)
T(
    "request_time_off",
    "File a time-off request in the HR system.",
    employee_id="string",
    start_date="string",
    end_date="string",
    kind=["vacation", "sick", "parental", "unpaid"],
)
T("get_pto_balance", "Return an employee's remaining paid time off.", employee_id="string")
T("lookupPayslip", "Fetch an employee's payslip for a month.", employee_id="string", month=("string", "YYYY-MM"))
# shipping / logistics
T(
    "create_shipment_label",
    "Buy a shipping label.",
    carrier=["dhl", "ups", "sf-express", "fedex"],
    from_postcode="string",
    to_postcode="string",
    weight_kg="number",
)
T("trackParcel", "Return the tracking events of a parcel.", tracking_number="string")
T("schedule_pickup", "Book a courier pickup.", carrier="string", address="string", date="string")
T("warehouse_stock_level", "Stock on hand per warehouse for a SKU.", sku="string")
# healthcare
T(
    "find_doctor_availability",
    "Free appointment slots for a specialty at a clinic.",
    specialty="string",
    clinic="string?",
    date="string",
)
T("book_clinic_appointment", "Book an appointment slot for a patient.", slot_id="string", patient_id="string")
T("refill_prescription", "Request a prescription refill at the patient's pharmacy.", rx_number="string")
# food
T(
    "search_recipes",
    "Search recipes by ingredients and diet.",
    ingredients="array:string",
    diet="string?",
    max_minutes="integer?",
)
T("nutrition_facts", "Nutrition facts for an amount of a food.", food="string", grams="number")
# language
T("translate_text", "Translate text.", text="string", target_lang="string", source_lang="string?")
T("dictionary_lookup", "Definitions and examples of a word.", word="string", lang="string")
# files / spreadsheets
T("drive_list_files", "List files in a cloud drive folder.", folder="string")
T("share_file", "Share a file with someone.", file_id="string", email="string", role=["viewer", "commenter", "editor"])
T("s3_put_object", "Upload a local file to an S3 bucket.", bucket="string", key="string", local_path="string")
T("sheets_read_range", "Read a range of a spreadsheet.", spreadsheet_id="string", range="string")
T("sheets_append_row", "Append a row to a spreadsheet.", spreadsheet_id="string", values="array:string")
# analytics / ticketing
T(
    "query_metrics",
    "Query a product metric over a time range.",
    metric="string",
    start="string",
    end="string",
    group_by="string?",
)
T(
    "zendesk.create_ticket",
    "Open a Zendesk ticket for a customer.",
    requester_email="string",
    subject="string",
    description="string",
    priority=["low", "normal", "high", "urgent"],
)
T("close_support_ticket", "Close a support ticket with a resolution note.", ticket_id="string", resolution="string")
T("kb_search", "Search the internal knowledge base.", query="string")
# travel
T(
    "hotel_search",
    "Search hotels with availability.",
    city="string",
    check_in="string",
    check_out="string",
    guests="integer",
)
T(
    "reserve_hotel_room",
    "Reserve a room in a hotel found by hotel_search.",
    hotel_id="string",
    room_type="string",
    guest_name="string",
)
T("flight_status", "Live status of a flight.", flight_number="string", date="string")
T(
    "rail_ticket_purchase",
    "Buy a train ticket.",
    from_station="string",
    to_station="string",
    depart=("string", "ISO datetime"),
    seat_class=["second", "first", "business"],
)
T(
    "currency_convert",
    "Convert an amount between currencies at today's rate.",
    amount="number",
    from_currency="string",
    to_currency="string",
)
T(
    "timezone_convert",
    "Convert a local time from one time zone to another.",
    time="string",
    from_tz="string",
    to_tz="string",
)
# weather / environment
T("fetchForecast", "Daily weather forecast for a location, up to 10 days ahead.", location="string", days="integer")
T("air_quality_index", "Current air quality index and main pollutant for a city.", city="string")
# media
T("spotify_queue_track", "Find a track and add it to the playback queue.", query="string")
T("podcast_search", "Search podcast episodes.", query="string", limit="integer?")
# car
T("car_precondition_cabin", "Heat or cool the car cabin before departure.", target_c="number")
T("car_get_battery_status", "Battery level and estimated range of the car.", vehicle_id="string")
T("car_set_charge_limit", "Set the maximum charge level of the car.", vehicle_id="string", percent="integer")
# robotics
T(
    "arm_move_to",
    "Move the robot arm's tool centre point to coordinates in millimetres.",
    x="number",
    y="number",
    z="number",
    speed_pct="integer?",
)
T("gripper_control", "Open or close the robot gripper.", action=["open", "close"], force_n="number?")
# lab instruments
T(
    "spectrometer_read",
    "Measure the absorbance of a sample at a wavelength.",
    sample_id="string",
    wavelength_nm="integer",
)
T("centrifuge_start", "Start a centrifuge run.", rpm="integer", minutes="integer", temp_c="number?")
T(
    "plate_reader_measure",
    "Read a microplate in a mode.",
    plate_id="string",
    mode=["absorbance", "fluorescence", "luminescence"],
    wells="string?",
)
# misc
T("market_quote", "Latest quote of a listed security.", symbol="string")
T("parking_find_spot", "Find available parking near a place.", near="string", hours="integer")
T(
    "opentable_reserve",
    "Reserve a restaurant table.",
    restaurant="string",
    party_size="integer",
    time=("string", "ISO datetime"),
)
T("pharmacy_stock_check", "Check if a pharmacy has a medicine in stock.", medicine="string", pharmacy="string")
T("unit_convert", "Convert a quantity between units.", value="number", from_unit="string", to_unit="string")
T(
    "package_version_lookup",
    "Latest released version of a package in a registry.",
    ecosystem=["pypi", "npm", "crates"],
    name="string",
)
# tools of Chinese apps (descriptions in Chinese, as such apps write them)
T(
    "ride_hail_request",
    "叫车：从上车点到目的地，返回司机和预计到达时间。",
    pickup="string",
    dropoff="string",
    car_type=["快车", "专车", "拼车"],
)
T(
    "air_conditioner_control",
    "控制空调：开关、模式、温度（16-30℃）。",
    room="string",
    power="boolean?",
    mode=["制冷", "制热", "除湿", "送风"],
    temperature="integer?",
)
T("water_heater_set", "设置电热水器：开关与目标水温（30-75℃）。", power="boolean", target_c="integer?")
T(
    "query_train_tickets",
    "查询火车余票（只查询，不下单）。",
    from_city="string",
    to_city="string",
    date=("string", "YYYY-MM-DD"),
    train_type=["G", "D", "K", "all"],
)
T("meal_delivery_order", "外卖下单。", shop="string", items="array:string", address="string?")
T("fund_nav_lookup", "查询基金最新净值与涨跌幅。", fund_code="string")
T(
    "hospital_register",
    "医院挂号：科室、日期、时段、就诊人。",
    hospital="string",
    department="string",
    date="string",
    period=["上午", "下午"],
    patient="string",
)
T(
    "video_conference_create",
    "创建视频会议并返回会议号和链接。",
    topic="string",
    start=("string", "ISO datetime"),
    duration_min="integer",
)
